// What the protected layout and the sign-up page check of the stored session, in one module the
// routes import on demand, so public pages never download the token code.

export { ensureFreshAccess, hasSession, onSessionEnd } from '../api/tokens';
