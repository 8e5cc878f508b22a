import { Alert, List } from '@chakra-ui/react';

/**
 * The one error box of a form: what is missing, what the form refused and what the server answered. A file of its own:
 * the login page shows it, and taking it from signed-form.tsx brought that file's dialogs (Chakra's dialog, focus trap
 * and dismissable layer) into the login page's first load.
 */
export function FormErrors({ errors, testId }: { errors: readonly string[]; testId: string }) {
  if (errors.length === 0) return null;
  return (
    <Alert.Root status="error" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content>
        <List.Root ps="4">
          {errors.map((error) => (
            <List.Item key={error}>{error}</List.Item>
          ))}
        </List.Root>
      </Alert.Content>
    </Alert.Root>
  );
}
