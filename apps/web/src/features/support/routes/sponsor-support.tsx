import { SPONSOR_SIDEBAR } from '../../../components/sponsor-links.ts';
import { HelpCenter } from '../components/help-center.tsx';

export default function SponsorSupport() {
  return <HelpCenter sidebar={SPONSOR_SIDEBAR} />;
}
