import { Anchor } from '@mantine/core';
import { CONTENT_PAGE, USER_TYPE } from '@portal/contracts/constants';
import { ROUTES } from '@portal/contracts/routes';
import { Link } from 'react-router';
import { LoginScreen } from '../components/login-screen.tsx';

export default function SchoolLogin() {
  return (
    <LoginScreen
      title="Log in as School"
      pageId={CONTENT_PAGE.schoolLogin}
      door={USER_TYPE.school}
      dashboard={ROUTES.schoolDashboard.path}
      otherLogin={{ label: 'Log in as Sponsor', to: ROUTES.sponsorLogin.path }}
      signUp={
        <>
          New to School Planner Savings?{' '}
          <Anchor component={Link} to={ROUTES.schoolRegister.path} fw={600}>
            Register your school
          </Anchor>
        </>
      }
    />
  );
}
