/** A browser-like client of a running server's dashboard over fetch: cookies and CSRF fields. */
export class WebSession {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  async get(path: string): Promise<Response> {
    return this.keep(await fetch(new URL(path, this.base), { headers: this.headers() }));
  }

  /** Posts a form with the CSRF field of the page at `from` (GET first). */
  async post(path: string, fields: Record<string, string>, from = path): Promise<Response> {
    const page = await (await this.get(from)).text();
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page)?.[1];
    if (!csrf) throw new Error(`no CSRF field on ${from}`);
    return this.keep(
      await fetch(new URL(path, this.base), {
        method: 'POST',
        headers: { ...this.headers(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...fields, _csrf: csrf }).toString(),
        redirect: 'manual',
      }),
    );
  }

  /** The values of the cookies held now. */
  cookieValues(): string[] {
    return [...this.cookies.values()];
  }

  private headers(): Record<string, string> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return cookie ? { cookie } : {};
  }

  private keep(res: Response): Response {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
}
