/** Creates an email/password user straight in the Auth emulator (its REST API); returns its ID token. */
export async function emulatorSignUp(authEmulatorHost: string, email: string, password: string): Promise<string> {
  const url = `http://${authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`accounts:signUp answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { idToken: string }).idToken;
}
