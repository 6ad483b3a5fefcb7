import { ROUTES } from '@portal/contracts/routes';
import { AccountDashboard } from '../../../components/account-dashboard.tsx';
import { SPONSOR_PLACES } from '../../../components/sponsor-links.ts';
import { useSponsorDetails } from '../api/sponsor-calls.ts';

export default function SponsorDashboard() {
  const { data } = useSponsorDetails();
  return (
    <AccountDashboard
      details={data && { name: data.business_name, detailsCompleted: data.details_completed }}
      detailsPath={ROUTES.sponsorDetails.path}
      tiles={SPONSOR_PLACES}
    />
  );
}
