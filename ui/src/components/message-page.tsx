import { Box, Heading, Text, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A full-page message: the not-allowed, no-terminal, no-access and error pages share this shape. */
export function MessagePage({ title, text, children, testId }: { title: string; text?: string; children?: ReactNode; testId?: string }) {
  return (
    <Box display="flex" alignItems="center" justifyContent="center" minH="60vh" p="6" data-testid={testId}>
      <VStack gap="3" maxW="lg" textAlign="center">
        <Heading size="lg">{title}</Heading>
        {text && <Text color="fg.muted">{text}</Text>}
        {children}
      </VStack>
    </Box>
  );
}
