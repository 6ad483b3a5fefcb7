import { CONTENT_PAGE } from '@portal/contracts/constants';
import { usePageMeta } from '../../../lib/content.ts';
import { GetStarted } from '../components/get-started.tsx';
import { Hero } from '../components/hero.tsx';
import { OurStory } from '../components/our-story.tsx';
import { PartnerAndContact } from '../components/partner-and-contact.tsx';
import { RecentlyViewed } from '../components/recently-viewed.tsx';
import { Testimonials } from '../components/testimonials.tsx';

/** The home page (spec §2). The first page most visitors load: the carousel loads on its own. */
export default function Home() {
  usePageMeta({ pageId: CONTENT_PAGE.home });
  return (
    <>
      <Hero />
      <RecentlyViewed />
      <OurStory />
      <GetStarted />
      <Testimonials />
      <PartnerAndContact />
    </>
  );
}
