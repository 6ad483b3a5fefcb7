import { Tabs } from '@mantine/core';
import { useNavigate } from 'react-router';
import { backOfficePath } from '../../sections.ts';

/** Switches between the questions and their topics. */
export function FaqTabs({ active }: { active: 'questions' | 'topics' }) {
  const navigate = useNavigate();
  return (
    <Tabs
      value={active}
      onChange={(value) => void navigate(backOfficePath(value === 'topics' ? 'faqs/topics' : 'faqs'))}
    >
      <Tabs.List>
        <Tabs.Tab value="questions">Questions</Tabs.Tab>
        <Tabs.Tab value="topics">Topics</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
