import { SCHOOL_SIDEBAR } from '../../../components/school-links.ts';
import { HelpCenter } from '../components/help-center.tsx';

export default function SchoolSupport() {
  return <HelpCenter sidebar={SCHOOL_SIDEBAR} />;
}
