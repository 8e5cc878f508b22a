import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

/** The pages bench's first floor: the login form in plain HTML, rendered by React alone (no styling library). */
function LoginForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <form onSubmit={(event) => event.preventDefault()} noValidate style={{ display: 'grid', gap: 16, width: 360 }}>
        <h1>Iniciar sesión</h1>
        <label>
          Usuario
          <input name="username" autoComplete="username" autoFocus value={username} onChange={(event) => setUsername(event.target.value)} />
        </label>
        <label>
          Contraseña
          <input name="password" type="password" value={password} onChange={(event) => setPassword(event.target.value)} />
        </label>
        <button type="submit">Entrar</button>
      </form>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LoginForm />
  </StrictMode>,
);
