import { Container, Stack, Text, Title } from '@mantine/core';
import { IconBook2, IconBuildingStore, IconSchool } from '@tabler/icons-react';
import classes from './home.module.css';

const POINTS = [
  { icon: IconBuildingStore, text: 'Local businesses sponsor the supplies students use every day.' },
  { icon: IconSchool, text: 'Schools receive them at a deep discount, and many items are free.' },
  { icon: IconBook2, text: 'Families see their neighbors’ support in a book that stays in the backpack all year.' },
];

/** Why we do it (spec §1: began about two decades ago, piloted in 2003). */
export function OurStory() {
  return (
    <Container component="section" size="lg" py={{ base: 48, sm: 72 }} aria-labelledby="story-title">
      <div className={classes.story}>
        <Stack gap="md">
          <Title order={2} id="story-title">
            Why we do it
          </Title>
          <Text size="lg">
            Organized students do better in class. About two decades ago we set out to put a planner in every student’s
            hands without stretching school budgets.
          </Text>
          <Text c="gray.8">
            The program was piloted in 2003 with a handful of Tampa Bay schools and a few neighborhood businesses. Today
            sponsors fund student planners, car rider dismissal tags, homework folders and backpack tags for schools
            across the state, and our Tampa team designs, prints and delivers every one of them in time for the first
            day of school.
          </Text>
        </Stack>
        <ul className={classes.points} aria-label="How it works">
          {POINTS.map(({ icon: Icon, text }) => (
            <li key={text}>
              <span className={classes.icon} aria-hidden>
                <Icon size={24} aria-hidden />
              </span>
              <Text>{text}</Text>
            </li>
          ))}
        </ul>
      </div>
    </Container>
  );
}
