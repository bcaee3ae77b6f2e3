import { Center, Container } from '@mantine/core';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import { Outlet } from 'react-router';

/** Guest pages: one centered card on a soft backdrop. */
export function GuestLayout() {
  return (
    <Center className="guest-backdrop" mih="100%" py={{ base: 'lg', sm: 56 }} px="md">
      <Outlet />
    </Center>
  );
}

/** Signed-in pages: a readable column. */
export function MemberLayout() {
  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'md', sm: 'xl' }}>
      <Outlet />
    </Container>
  );
}
