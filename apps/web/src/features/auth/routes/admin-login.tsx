import { BACK_OFFICE_PATH } from '@portal/contracts/routes';
import { Navigate } from 'react-router';
import { useSession } from '../../../lib/browser-session.ts';
import { isStaff } from '../../../lib/dashboard-path.ts';
import { LoginScreen } from '../components/login-screen.tsx';

/** The employee login (D15), linked from the footer: the provider's staff into the back office. */
export default function AdminLogin() {
  const session = useSession();
  if (session.signedIn && isStaff(session.usertype)) return <Navigate to={BACK_OFFICE_PATH} replace />;
  return (
    <LoginScreen
      title="Employee Login"
      door="staff"
      dashboard={BACK_OFFICE_PATH}
      intro="For the provider's staff. Log in with your work email address and password."
    />
  );
}
