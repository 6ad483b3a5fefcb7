import { ROUTES } from '@portal/contracts/routes';
import { Link } from 'react-router';
import { SupportContacts } from '../support-contacts.tsx';
import { Logo } from './logo.tsx';
import classes from './site-footer.module.css';

const LINKS = [
  { label: 'Home', to: ROUTES.home.path },
  { label: 'About', to: ROUTES.about.path },
  { label: 'Contact', to: ROUTES.contact.path },
  { label: 'Employee Login', to: ROUTES.adminLogin.path },
  { label: 'Privacy Policy', to: ROUTES.privacy.path },
  { label: 'Terms of Service', to: ROUTES.terms.path },
];

/**
 * The footer of every page. Plain elements styled by its own sheet: it is the same on every
 * page, and each component in it would be work each time a page hydrates.
 */
export function SiteFooter() {
  return (
    <footer className={classes.footer}>
      <div className={classes.inner}>
        <div className={classes.columns}>
          <div className={classes.column}>
            <Logo />
            <p className={classes.about}>
              Local businesses sponsor student planners and school supplies, so that schools get them cheap or free.
            </p>
          </div>
          <div className={classes.column}>
            <h2 className={classes.heading}>Quick links</h2>
            <nav aria-label="Footer" className={classes.links}>
              {LINKS.map((l) => (
                <Link key={l.to} to={l.to} className={classes.link}>
                  {l.label}
                </Link>
              ))}
            </nav>
          </div>
          <div className={classes.column}>
            <h2 className={classes.heading}>Support</h2>
            <SupportContacts />
          </div>
        </div>
        <p className={classes.copyright}>© {new Date().getFullYear()} School Planner Savings. All rights reserved.</p>
      </div>
    </footer>
  );
}
