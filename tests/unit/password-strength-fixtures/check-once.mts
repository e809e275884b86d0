// A script that checks one password and prints the verdict, as a staff enrolment from the command
// line would: its process must wait for the answer, then exit on its own.
import { isTooGuessable, prepareStrengthCheck } from '../../../server/domain/accounts/password-strength';

// Preparing alone must not hold the process: the thread is the server's, not a reason to stay up.
if (process.argv[2] === 'prepare-only') void prepareStrengthCheck();
else process.stdout.write(`${await isTooGuessable(process.argv[2], [])}\n`);
