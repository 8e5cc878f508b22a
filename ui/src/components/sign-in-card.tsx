import { Card, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LanguageSwitch } from './language-switch';

/** The card of the pages shown before the app opens (login, the first change of password), with the ES/EN switch. */
export function SignInCard({ title, intro, testId, children }: { title: string; intro?: string; testId?: string; children: ReactNode }) {
  return (
    <Flex minH="100vh" align="center" justify="center" bg="bg.subtle" p="4">
      <Card.Root w="full" maxW="sm" data-testid={testId}>
        <Card.Header>
          <Flex justify="space-between" align="center">
            <Heading size="lg">{title}</Heading>
            <LanguageSwitch />
          </Flex>
          {intro && <Text mt="2">{intro}</Text>}
        </Card.Header>
        <Card.Body>{children}</Card.Body>
      </Card.Root>
    </Flex>
  );
}
