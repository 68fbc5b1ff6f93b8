import type { Content } from '../parse/resolve';
import { AdPreviewBody } from './AdPreviewBody';
import { AudioPlayer } from './AudioPlayer';
import { EventBody } from './EventBody';
import { InteractiveBody } from './InteractiveBody';
import { ListBody } from './ListBody';
import { LocationBody } from './LocationBody';
import { DocumentBody, ImageBody, VideoBody } from './MediaBodies';
import { PixBody } from './PixBody';
import { CallLogBody, PollBody, ReactionBody, ViewOnceBody } from './SimpleBodies';
import { TextBody } from './TextBody';
import { VCardBody } from './VCardBody';

/**
 * The body of a message by kind (spec 1 §2.6). Everything is rendered as React text nodes and
 * links went through safeUrl, so what a customer sends never becomes markup or script.
 */
export function MessageContent({ content: c }: { content: Content }) {
  switch (c.kind) {
    case 'text':
      return <TextBody text={c.text} />;
    case 'viewOnce':
      return <ViewOnceBody body={c.text} />;
    case 'image':
    case 'sticker':
      return <ImageBody src={c.src} caption={c.caption} sticker={c.kind === 'sticker'} />;
    case 'audio':
      return <AudioPlayer src={c.src} />;
    case 'video':
      return <VideoBody src={c.src} caption={c.caption} />;
    case 'document':
      return <DocumentBody src={c.src} name={c.name} caption={c.caption} />;
    case 'callLog':
      return <CallLogBody at={c.at} />;
    case 'location':
      return <LocationBody location={c.location} />;
    case 'vcard':
      return <VCardBody contact={c.contact} />;
    case 'adPreview':
      return <AdPreviewBody ad={c.ad} />;
    case 'interactive':
      return <InteractiveBody content={c.content} />;
    case 'list':
      return <ListBody list={c.list} />;
    case 'poll':
      return <PollBody poll={c.poll} />;
    case 'event':
      return <EventBody event={c.event} />;
    case 'reaction':
      return <ReactionBody emoji={c.emoji} />;
    case 'pix':
      return <PixBody pix={c.pix} actions={c.actions} />;
  }
}
