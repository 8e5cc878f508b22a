import { Alert, Card, SimpleGrid, Stat } from '@chakra-ui/react';

export interface Figure {
  label: string;
  value: string;
  testId: string;
}

/** A row of labelled figures (what an order made so far, the totals of a summary). */
export function Figures({ figures, columns }: { figures: readonly Figure[]; columns: { base: number; md?: number; sm?: number } }) {
  return (
    <SimpleGrid columns={columns} gap="3">
      {figures.map((figure) => (
        <Card.Root key={figure.testId} size="sm" variant="outline">
          <Card.Body>
            <Stat.Root>
              <Stat.Label>{figure.label}</Stat.Label>
              <Stat.ValueText data-testid={figure.testId}>{figure.value}</Stat.ValueText>
            </Stat.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

/** Why a page has nothing to show (no line runs the module, a line without started orders). */
export function InfoNote({ text, testId }: { text: string; testId?: string }) {
  return (
    <Alert.Root status="info" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Title>{text}</Alert.Title>
    </Alert.Root>
  );
}
