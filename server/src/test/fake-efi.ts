import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { TestPki } from './payment-certificates';

export interface EfiCob {
  txid: string;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
  calendario: { criacao: string; expiracao: number };
  loc: { id: number; location: string; tipoCob: 'cob' };
  valor: { original: string };
  chave: string;
  devedor?: Record<string, string>;
  solicitacaoPagador?: string;
  pix?: { endToEndId: string; txid: string; valor: string; horario: string; devolucoes?: EfiDevolucao[] }[];
}

export interface EfiDevolucao {
  id: string;
  rtrId: string;
  valor: string;
  horario: { solicitacao: string; liquidacao: string };
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
}

/**
 * A local stand-in for Efí's PIX API (pix.api.efipay.com.br), HTTPS with a required client certificate
 * signed by the test CA, as Efí requires mutual TLS: `POST /oauth/token` (Basic client id/secret,
 * client_credentials), `PUT /v2/cob/{txid}`, `GET /v2/cob/{txid}`, `GET /v2/loc/{id}/qrcode`, and the
 * pix key's webhook `PUT` / `GET /v2/webhook/{chave}`, and `PATCH /v2/cob/{txid}` with status
 * REMOVIDA_PELO_USUARIO_RECEBEDOR (refused for a CONCLUIDA charge). Calls without the bearer token it
 * issued get 401. `pay()` plays a payer paying a charge (a removed one cannot be paid); `refund()` a
 * devolução of that pix, listed on the charge's pix as Efí lists it.
 */
export class FakeEfi {
  readonly cobs = new Map<string, EfiCob & { body: Record<string, unknown> }>();
  readonly calls: { method: string; path: string }[] = [];
  /** Connections refused at the TLS handshake (no or untrusted client certificate). */
  refusedHandshakes = 0;
  tokensIssued = 0;
  /** The webhook registered per pix key, as Efí keeps it (one per key; a PUT replaces it). */
  readonly webhooks = new Map<string, { webhookUrl: string; chave: string; criacao: string }>();
  /** The next webhook PUT is refused with this Efí error (then the fake behaves again). */
  refuseNextWebhook: { status: number; nome: string; mensagem: string } | null = null;
  private server: Server | null = null;
  private tokens = new Set<string>();
  private nextLoc = 100;
  url = '';

  constructor(
    private readonly pki: TestPki,
    readonly client: { id: string; secret: string },
    /** The account's pix key: the only key a webhook can be registered for. */
    readonly pixKey = '',
  ) {}

  async start(): Promise<this> {
    this.server = createServer(
      { key: this.pki.server.key, cert: this.pki.server.cert, ca: this.pki.ca, requestCert: true, rejectUnauthorized: true },
      (req, res) => void this.handle(req, res),
    );
    this.server.on('tlsClientError', () => this.refusedHandshakes++);
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The payer pays the charge: it becomes CONCLUIDA with one pix; the pix (as the webhook carries it) is returned. */
  pay(txid: string, valor?: string) {
    const cob = this.cobs.get(txid);
    if (cob?.status !== 'ATIVA') throw new Error(`no payable charge ${txid}`);
    const pix = {
      endToEndId: `E0000000020261124${randomBytes(6).toString('hex')}`,
      txid,
      valor: valor ?? cob.valor.original,
      horario: new Date().toISOString(),
    };
    cob.status = 'CONCLUIDA';
    cob.pix = [pix];
    return pix;
  }

  /** The whole pix is returned to the payer (status DEVOLVIDO); answers the pix as the webhook then carries it. */
  refund(txid: string) {
    const pix = this.cobs.get(txid)?.pix?.[0];
    if (!pix) throw new Error(`no paid charge ${txid}`);
    const now = new Date().toISOString();
    pix.devolucoes = [
      {
        id: `D${randomBytes(6).toString('hex')}`,
        rtrId: `D0000000020261124${randomBytes(6).toString('hex')}`,
        valor: pix.valor,
        horario: { solicitacao: now, liquidacao: now },
        status: 'DEVOLVIDO',
      },
    ];
    return { ...pix };
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', this.url);
    this.calls.push({ method: req.method ?? '', path: url.pathname });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (!(req.socket as TLSSocket).authorized) return send(401, { nome: 'unauthorized', mensagem: 'certificado inválido' });
    const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>) : {};

    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      const basic = `Basic ${Buffer.from(`${this.client.id}:${this.client.secret}`).toString('base64')}`;
      if (req.headers.authorization !== basic || body.grant_type !== 'client_credentials') {
        return send(401, { error: 'invalid_client', error_description: 'Invalid or inactive credentials' });
      }
      const token = randomBytes(16).toString('hex');
      this.tokens.add(token);
      this.tokensIssued++;
      return send(200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: 'cob.write cob.read pix.read' });
    }
    const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!this.tokens.has(bearer)) return send(401, { nome: 'unauthorized', mensagem: 'Token inválido' });

    const cob = /^\/v2\/cob\/([a-zA-Z0-9]{26,35})$/.exec(url.pathname);
    if (cob && req.method === 'PUT') {
      const txid = cob[1];
      const loc = this.nextLoc++;
      const created: EfiCob & { body: Record<string, unknown> } = {
        txid,
        status: 'ATIVA',
        calendario: { criacao: new Date().toISOString(), expiracao: (body.calendario as { expiracao: number }).expiracao },
        loc: { id: loc, location: `qrcodes-pix.gerencianet.com.br/v2/${randomBytes(8).toString('hex')}`, tipoCob: 'cob' },
        valor: body.valor as { original: string },
        chave: body.chave as string,
        devedor: body.devedor as Record<string, string> | undefined,
        solicitacaoPagador: body.solicitacaoPagador as string | undefined,
        body,
      };
      this.cobs.set(txid, created);
      const { body: _sent, ...view } = created;
      return send(201, view);
    }
    if (cob && req.method === 'PATCH') {
      const found = this.cobs.get(cob[1]);
      if (!found) return send(404, { nome: 'cobranca_nao_encontrada', mensagem: 'Nenhuma cobrança encontrada para o txid informado' });
      if (body.status !== 'REMOVIDA_PELO_USUARIO_RECEBEDOR' || found.status !== 'ATIVA') {
        return send(400, { nome: 'cobranca_invalida', mensagem: 'A cobrança não pode ser alterada no status em que se encontra' });
      }
      found.status = 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
      const { body: _sent, ...view } = found;
      return send(200, view);
    }
    if (cob && req.method === 'GET') {
      const found = this.cobs.get(cob[1]);
      if (!found) return send(404, { nome: 'cobranca_nao_encontrada', mensagem: 'Nenhuma cobrança encontrada para o txid informado' });
      const { body: _sent, ...view } = found;
      return send(200, view);
    }
    const hook = /^\/v2\/webhook\/([^/]+)$/.exec(url.pathname);
    if (hook && req.method === 'PUT') return this.putWebhook(decodeURIComponent(hook[1]), body, req, send);
    if (hook && req.method === 'GET') {
      const found = this.webhooks.get(decodeURIComponent(hook[1]));
      if (!found) return send(404, { nome: 'webhook_nao_encontrado', mensagem: 'Webhook não encontrado para a chave informada' });
      return send(200, found);
    }
    const qr = /^\/v2\/loc\/(\d+)\/qrcode$/.exec(url.pathname);
    if (qr && req.method === 'GET') {
      const found = [...this.cobs.values()].find((c) => c.loc.id === Number(qr[1]));
      if (!found) return send(404, { nome: 'location_nao_encontrada', mensagem: 'Location não encontrada' });
      return send(200, {
        qrcode: `00020101021226830014BR.GOV.BCB.PIX2561${found.loc.location}5204000053039865802BR5905EFISA6008SAOPAULO62070503***6304ABCD`,
        imagemQrcode: 'data:image/png;base64,iVBORw0KGgo=',
        linkVisualizacao: `https://pix.sejaefi.com.br/cob/pagar/${found.txid}`,
      });
    }
    send(404, { nome: 'nao_encontrado', mensagem: 'Recurso não encontrado' });
  }

  /**
   * Efí's rules for `PUT /v2/webhook/{chave}`: a key of the account, an https webhookUrl (Efí calls over
   * TLS only), and, unless `x-skip-mtls-checking: true`, a receiving server that refuses a call without
   * Efí's certificate. The servers these tests register do not demand one, so without the header the
   * registration is refused, as Efí refuses it after its probe.
   */
  private putWebhook(chave: string, body: Record<string, unknown>, req: IncomingMessage, send: (status: number, json: unknown) => void) {
    if (this.refuseNextWebhook) {
      const { status, ...error } = this.refuseNextWebhook;
      this.refuseNextWebhook = null;
      return send(status, error);
    }
    if (chave !== this.pixKey) return send(400, { nome: 'chave_invalida', mensagem: 'A chave informada não pertence a esta conta' });
    const webhookUrl = body.webhookUrl;
    if (typeof webhookUrl !== 'string' || !URL.canParse(webhookUrl) || new URL(webhookUrl).protocol !== 'https:') {
      return send(400, { nome: 'webhook_invalido', mensagem: 'A URL do webhook deve usar https' });
    }
    if (req.headers['x-skip-mtls-checking'] !== 'true') {
      return send(400, { nome: 'webhook_invalido', mensagem: 'A URL informada não exige o certificado da Efí (mTLS)' });
    }
    this.webhooks.set(chave, { webhookUrl, chave, criacao: new Date().toISOString() });
    send(200, { webhookUrl });
  }
}
