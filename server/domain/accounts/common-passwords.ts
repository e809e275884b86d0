/**
 * Passwords that head every published breach list, and the words members of a dating site
 * reach for first. Refused at sign-up and on every change (compared in lower case).
 */
export const COMMON_PASSWORDS = new Set([
  '12345678', '123456789', '1234567890', '87654321', '11111111', '00000000', '12341234', '11223344',
  '12121212', '123123123', '1q2w3e4r', '1qaz2wsx', 'qwertyui', 'qwertyuiop', 'asdfghjk', 'asdfghjkl',
  'zxcvbnm1', 'password', 'password1', 'password12', 'password123', 'passw0rd', 'p@ssw0rd', 'p@ssword',
  'iloveyou', 'iloveyou1', 'princess', 'princess1', 'sunshine', 'sunshine1', 'football', 'football1',
  'baseball', 'superman', 'batman123', 'trustno1', 'whatever', 'welcome1', 'welcome123', 'letmein1',
  'letmein123', 'abcd1234', 'abc12345', 'abcdefgh', 'aa123456', 'qwerty12', 'qwerty123', 'qwerty1234',
  'monkey12', 'dragon12', 'master12', 'starwars', 'computer', 'michelle', 'jennifer', 'jessica1',
  'charlie1', 'shadow12', 'freedom1', 'chocolate', 'butterfly', 'loveyou1', 'lovelove', 'lovely12',
  'sweetheart', 'sexylady', 'sexy1234', 'babygirl', 'babygirl1', 'liverpool', 'arsenal1', 'chelsea1',
  'rendezvous', 'rendezvous1', 'dating123', 'flirt123', 'flirten1', 'hallo123', 'passwort', 'passwort1',
  'wachtwoord', 'motdepasse', 'contraseña', 'salasana', 'passord1', 'lösenord', 'haslo123', 'zaq12wsx',
  'hello123', 'test1234', 'admin123', 'changeme', 'secret12', 'internet', 'access14', 'mustang1',
  'michael1', 'jordan23', 'hunter12', 'ranger12', 'soccer12', 'killer12', 'thomas12', 'daniel12',
]);
