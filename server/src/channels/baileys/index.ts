export { BaileysProvider, type BaileysDeps } from './provider';
export { baileysSocket, type BaileysSocket, type SocketFactory } from './socket';
export { baileysDownload, type MediaDownloader } from './media';
export { deleteAuthState } from './auth-state';
