import { Anchor } from '@mantine/core';
import { CONTENT_PAGE, USER_TYPE } from '@portal/contracts/constants';
import { ROUTES } from '@portal/contracts/routes';
import { Link } from 'react-router';
import { LoginScreen } from '../components/login-screen.tsx';

export default function SponsorLogin() {
  return (
    <LoginScreen
      title="Log in as Sponsor"
      pageId={CONTENT_PAGE.sponsorLogin}
      door={USER_TYPE.sponsor}
      dashboard={ROUTES.sponsorDashboard.path}
      otherLogin={{ label: 'Log in as School', to: ROUTES.schoolLogin.path }}
      signUp={
        <>
          Interested in becoming a sponsor?{' '}
          <Anchor component={Link} to={ROUTES.sponsorRegister.path} fw={600}>
            Contact Us
          </Anchor>
        </>
      }
    />
  );
}
