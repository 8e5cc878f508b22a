/** The character counter under a text field ('Utilizados {n} de 40 caracteres'); over the limit it turns red. */
export function counterState(text: unknown, limit: number): { used: number; over: boolean } {
  const used = typeof text === 'string' ? [...text].length : 0;
  return { used, over: used > limit };
}
