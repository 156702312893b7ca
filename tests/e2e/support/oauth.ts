/** The local OAuth2 provider (standing in for Google, see server.ts): what it says to the next sign-in of one browser. */
import fs from "node:fs";
import { oauthUserFile } from "./paths";

export interface GoogleIdentity {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

/** The identity Google reports to the next sign-in from the browser with client address `visitor` (the `visitor` fixture). */
export function googleWillSay(visitor: string, identity: GoogleIdentity): void {
  fs.writeFileSync(oauthUserFile(visitor), JSON.stringify(identity));
}
