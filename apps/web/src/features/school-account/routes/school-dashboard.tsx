import { ROUTES } from '@portal/contracts/routes';
import { AccountDashboard } from '../../../components/account-dashboard.tsx';
import { useSchoolDetails } from '../api/school-calls.ts';
import { SCHOOL_PLACES } from '../components/school-links.ts';

export default function SchoolDashboard() {
  const { data } = useSchoolDetails();
  return (
    <AccountDashboard
      details={data && { name: data.school_name, detailsCompleted: data.details_completed }}
      detailsPath={ROUTES.schoolDetails.path}
      tiles={SCHOOL_PLACES}
    />
  );
}
