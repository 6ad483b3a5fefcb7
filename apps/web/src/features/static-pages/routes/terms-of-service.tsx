import { CONTENT_PAGE } from '@portal/contracts/constants';
import { ServerHtml } from '../../../components/server-html.tsx';
import { TermsOfServiceText } from '../../../components/terms-of-service-text.tsx';
import { useContentPage, usePageMeta } from '../../../lib/content.ts';
import { LegalPage } from '../components/legal-page.tsx';

export default function TermsOfService() {
  usePageMeta({ pageId: CONTENT_PAGE.terms });
  // The terms staff wrote in the back office, when they have; otherwise the site's own.
  const body = useContentPage(CONTENT_PAGE.terms).data?.body_html;
  return <LegalPage title="Terms of Service">{body ? <ServerHtml html={body} /> : <TermsOfServiceText />}</LegalPage>;
}
