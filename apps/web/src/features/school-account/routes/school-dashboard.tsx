import { ROUTES } from '@portal/contracts/routes';
import { AccountDashboard } from '../../../components/account-dashboard.tsx';
import { SCHOOL_PLACES } from '../../../components/school-links.ts';
import { useSchoolDetails } from '../api/school-calls.ts';

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
