import { Anchor, List, Text } from '@mantine/core';
import { CONTENT_PAGE, MINIMUM_AGE, PRIVACY_POLICY_DATE } from '@portal/contracts/constants';
import { ServerHtml } from '../../../components/server-html.tsx';
import { useContentPage, usePageMeta, useSettings } from '../../../lib/content.ts';
import { LegalPage, LegalSection, P } from '../components/legal-page.tsx';

export default function PrivacyPolicy() {
  usePageMeta({ pageId: CONTENT_PAGE.privacy });
  const settings = useSettings();
  const email = settings?.support_email;
  // The policy staff wrote in the back office, when they have; otherwise the site's own.
  const body = useContentPage(CONTENT_PAGE.privacy).data?.body_html;
  if (body) {
    return (
      <LegalPage title="Privacy Policy">
        <ServerHtml html={body} />
      </LegalPage>
    );
  }
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <>
          <Text c="gray.7">Last updated {PRIVACY_POLICY_DATE}</Text>
          <P>
            School Planner Savings (“we”, “us”) runs this website so that schools can reserve sponsored school supplies
            and local businesses can sponsor them. This policy explains what information we collect, how we use and
            share it, how long we keep it and the choices you have.
          </P>
        </>
      }
    >
      <LegalSection heading="1. Information we collect">
        <P>We collect the information you give us and a small amount that your browser sends automatically:</P>
        <List spacing="xs">
          <List.Item>
            Account details: your e-mail address and password (stored only as a one-way hash), and for schools and
            sponsors the organization’s name, address, phone numbers, website and contact people.
          </List.Item>
          <List.Item>
            Orders, enquiries and sponsorships: the items and quantities you reserve, artwork files you upload, and
            messages you send us.
          </List.Item>
          <List.Item>
            Payments: our payment provider processes card details; we receive only the result, the amount and a
            transaction reference, never the card number.
          </List.Item>
          <List.Item>
            Technical data: your IP address, browser type and the pages you visit, kept in server logs.
          </List.Item>
        </List>
      </LegalSection>
      <LegalSection heading="2. Cookies and local storage">
        <P>
          We use a cookie that protects your forms against forgery, and your browser’s local storage to keep you signed
          in and to remember the products you recently viewed. We do not use advertising or cross-site tracking cookies.
          You can clear cookies and site data in your browser at any time; you will then be signed out.
        </P>
      </LegalSection>
      <LegalSection heading="3. How we use and share information">
        <P>
          We use your information to run your account, to produce and deliver your orders, to answer your questions, to
          send the e-mails you need (such as order confirmations, receipts and password resets) and to keep the service
          secure.
        </P>
        <P>
          We do not sell personal information. We share it only with service providers that help us run the service
          (hosting, e-mail delivery, payment processing, printing and delivery), under contracts that require them to
          protect it, and when the law requires us to. A sponsor’s enquiries go to the sales representative assigned to
          that sponsor.
        </P>
      </LegalSection>
      <LegalSection heading="4. How long we keep information">
        <P>
          We keep account information while your account is open. We keep order, invoice and payment records for seven
          years because tax law requires it, and server logs for no longer than 90 days.
        </P>
      </LegalSection>
      <LegalSection heading="5. Where information is kept and transferred">
        <P>
          Our servers and service providers are in the United States. If you use the service from another country, your
          information is transferred to and processed in the United States.
        </P>
      </LegalSection>
      <LegalSection heading="6. Your rights, including deletion">
        <P>
          You can see and correct your details on your profile page. You can ask us for a copy of the personal
          information we hold about you, or ask us to delete it; we will do so within 30 days, except for records we
          must keep by law.
        </P>
      </LegalSection>
      <LegalSection heading={`7. Children under ${MINIMUM_AGE}`}>
        <P>
          This service is for schools, businesses and adults acting for them. It is not directed to children under{' '}
          {MINIMUM_AGE}, and we do not knowingly collect personal information from children under {MINIMUM_AGE}. If you
          believe a child has given us personal information, please contact us and we will delete it.
        </P>
      </LegalSection>
      <LegalSection heading="8. Changes to this policy">
        <P>
          We may update this policy from time to time. We will change the date at the top of this page, and when a
          change is significant we will tell account holders by e-mail before it takes effect.
        </P>
      </LegalSection>
      <LegalSection heading="9. Contact us">
        <P>
          Questions about this policy or your information? Write to us at{' '}
          {email ? <Anchor href={`mailto:${email}`}>{email}</Anchor> : 'our support e-mail address'}
          {settings?.postal_address ? `, or by post at ${settings.postal_address}` : ''}.
        </P>
      </LegalSection>
    </LegalPage>
  );
}
