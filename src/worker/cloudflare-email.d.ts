/** The runtime module behind the `send_email` binding (workerd), typed with what we use. */
declare module 'cloudflare:email' {
  export class EmailMessage {
    constructor(from: string, to: string, raw: string);
    readonly from: string;
    readonly to: string;
  }
}
