import { CONTENT_PAGE } from '@portal/contracts/constants';
import { TermsOfServiceText } from '../../../components/terms-of-service-text.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { LegalPage } from '../components/legal-page.tsx';

export default function TermsOfService() {
  usePageMeta({ pageId: CONTENT_PAGE.terms });
  return (
    <LegalPage title="Terms of Service">
      <TermsOfServiceText />
    </LegalPage>
  );
}
