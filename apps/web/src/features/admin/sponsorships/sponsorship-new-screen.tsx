import { Anchor, Stack, Title } from '@mantine/core';
import { SPONSORSHIPS_BASE_YEAR } from '@portal/contracts/sponsorships';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePageMeta } from '../../../lib/content.ts';
import { toastSuccess } from '../../../lib/toast.tsx';
import { backOfficePath } from '../sections.ts';
import { useCreateSponsorship } from './api.ts';
import { emptyItem, SponsorshipForm } from './sponsorship-form.tsx';
import { TEXT } from './texts.ts';

/** The school year a new sponsorship is for by default: the one that starts this calendar year. */
const thisSchoolYear = () => Math.max(new Date().getFullYear(), SPONSORSHIPS_BASE_YEAR);

/** Sets up a sponsorship for a sponsor (`?sponsor=<id>` chooses one), Requested, with its items. */
export default function SponsorshipNewScreen() {
  usePageMeta({ title: TEXT.newTitle });
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const sponsor = Number(params.get('sponsor')) || 0;
  const create = useCreateSponsorship();
  return (
    <Stack gap="md" maw={1100}>
      <Anchor component={Link} to={backOfficePath('sponsorships')} size="sm">
        ← {TEXT.back}
      </Anchor>
      <Title order={1} size="h2">
        {TEXT.newTitle}
      </Title>
      <SponsorshipForm
        defaults={{ sponsor_id: sponsor || '', year: String(thisSchoolYear()), items: [emptyItem()] }}
        submitLabel={TEXT.create}
        onCancel={() => void navigate(backOfficePath('sponsorships'))}
        onSubmit={async (values) => {
          const saved = await create.mutateAsync(values);
          toastSuccess(saved.message);
          await navigate(backOfficePath(`sponsorships/${saved.sponsorship_id}`));
        }}
      />
    </Stack>
  );
}
