import { Anchor, List } from '@mantine/core';
import { Link } from 'react-router';
import { LegalSection, P } from './legal-section.tsx';

/** The terms of service: the Terms of Service page and the reservation form's terms modal. */
export function TermsOfServiceText() {
  return (
    <>
      <LegalSection heading="1. Terms">
        <P>
          By using the website at{' '}
          <Anchor component={Link} to="/">
            School Planner Savings
          </Anchor>
          , you agree to these terms of service and to all applicable laws and regulations, and you are responsible for
          complying with local laws. If you do not agree with any of these terms, you may not use this site. The
          materials on this site are protected by copyright and trademark law.
        </P>
      </LegalSection>
      <LegalSection heading="2. Use license">
        <P>
          You may view the materials on this site for your own school’s or business’s use with our service. This is a
          license, not a transfer of title, and under it you may not:
        </P>
        <List spacing="xs">
          <List.Item>
            modify or copy the materials, except the artwork and content that you yourself supplied;
          </List.Item>
          <List.Item>
            use the materials for any commercial purpose other than ordering or sponsoring through us;
          </List.Item>
          <List.Item>attempt to decompile or reverse engineer any software on the site;</List.Item>
          <List.Item>remove any copyright or other proprietary notices from the materials; or</List.Item>
          <List.Item>transfer the materials to another person or mirror them on any other server.</List.Item>
        </List>
        <P>
          This license ends automatically if you break any of these restrictions, and may be ended by us at any time.
        </P>
      </LegalSection>
      <LegalSection heading="3. Disclaimer">
        <P>
          The materials on this site are provided “as is”. We make no warranties, expressed or implied, and disclaim all
          other warranties, including implied warranties of merchantability, fitness for a particular purpose, or
          non-infringement of intellectual property.
        </P>
      </LegalSection>
      <LegalSection heading="4. Limitations">
        <P>
          In no event shall School Planner Savings or its suppliers be liable for any damages (including loss of data or
          profit, or business interruption) arising out of the use of, or inability to use, the materials on this site,
          even if we have been told of the possibility of such damage.
        </P>
      </LegalSection>
      <LegalSection heading="5. Revisions and errata">
        <P>
          The materials on this site may include technical, typographical or photographic errors. We do not warrant that
          any of them are accurate, complete or current, and may change them at any time without notice. Prices shown
          when you reserve are confirmed on your order and invoice.
        </P>
      </LegalSection>
      <LegalSection heading="6. Links">
        <P>
          We have not reviewed all of the sites linked to from this site and are not responsible for their contents. A
          link does not imply our endorsement. Use of any linked website is at your own risk.
        </P>
      </LegalSection>
      <LegalSection heading="7. Site terms of use modifications">
        <P>
          We may revise these terms of use at any time without notice. By using this site you agree to be bound by the
          current version of these terms.
        </P>
      </LegalSection>
      <LegalSection heading="8. Your privacy">
        <P>
          Please read our{' '}
          <Anchor component={Link} to="/privacy-policy">
            Privacy Policy
          </Anchor>
          .
        </P>
      </LegalSection>
      <LegalSection heading="9. Governing law">
        <P>
          Any claim relating to this site is governed by the laws of the State of Florida, without regard to its
          conflict of law provisions, and the courts of Hillsborough County, Florida have jurisdiction.
        </P>
      </LegalSection>
    </>
  );
}
