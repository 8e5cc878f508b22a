import { Button, Card, Field, Flex, Group, Heading, Input, Stack } from '@chakra-ui/react';
import { useState } from 'react';

/**
 * The login page's card as the app draws it (ui/src/components/sign-in-card.tsx and features/auth/login-page.tsx):
 * the same Chakra components and style props, with fixed Spanish texts and no router, query or i18n.
 */
export function LoginCard() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  return (
    <Flex minH="100vh" align="center" justify="center" bg="bg.subtle" p="4">
      <Card.Root w="full" maxW="sm">
        <Card.Header>
          <Flex justify="space-between" align="center">
            <Heading size="lg">Iniciar sesión</Heading>
            <Group attached>
              <Button size="xs" variant="solid">
                ES
              </Button>
              <Button size="xs" variant="outline">
                EN
              </Button>
            </Group>
          </Flex>
        </Card.Header>
        <Card.Body>
          <form onSubmit={(event) => event.preventDefault()} noValidate>
            <Stack gap="4">
              <Field.Root>
                <Field.Label>Usuario</Field.Label>
                <Input
                  name="username"
                  autoComplete="username"
                  autoFocus
                  value={username}
                  onChange={(event) => setUsername(event.target.value)}
                />
              </Field.Root>
              <Field.Root>
                <Field.Label>Contraseña</Field.Label>
                <Input name="password" type="password" value={password} onChange={(event) => setPassword(event.target.value)} />
              </Field.Root>
              <Button type="submit" colorPalette="teal">
                Entrar
              </Button>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Flex>
  );
}
