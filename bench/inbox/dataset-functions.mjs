// SQL helpers of the generator, created in the database's `bench` schema. Every value of a generated
// row is a pure function of its ids (hashes, not random()), so a ticket's last_message is the body of
// its last message without reading the messages back, and a rebuild produces the same data.
import { ACKS, CITIES, COMPLAINTS, DEPARTMENTS, FIRST_NAMES, GREETINGS, INTENTS, PRODUCTS, SURNAMES, sqlArray } from './vocabulary.mjs';

const pick = (words, hash) => `(${sqlArray(words)})[1 + ((${hash}) % ${words.length})::int]`;

/** Each is a single-expression SQL function, so PostgreSQL inlines it into the INSERT ... SELECT. */
export const FUNCTIONS = [
  // A well spread non-negative 31-bit hash of (x, salt).
  `create or replace function bench.h(x bigint, salt int) returns bigint language sql immutable parallel safe as
   $$ select (hashint8(x * 8191 + salt)::bigint & 2147483647) $$`,

  `create or replace function bench.first_name(contact int) returns text language sql immutable parallel safe as
   $$ select ${pick(FIRST_NAMES, 'bench.h(contact, 31)')} $$`,
  `create or replace function bench.contact_name(contact int) returns text language sql immutable parallel safe as
   $$ select bench.first_name(contact) || ' ' || ${pick(SURNAMES, 'bench.h(contact, 32)')}
        || case when bench.h(contact, 33) % 10 < 4 then ' ' || ${pick(SURNAMES, 'bench.h(contact, 34)')} else '' end $$`,

  // What a ticket is about, and the numbers its conversation quotes.
  `create or replace function bench.product(ticket int) returns text language sql immutable parallel safe as
   $$ select ${pick(PRODUCTS, 'bench.h(ticket, 41)')} $$`,
  `create or replace function bench.city(ticket int) returns text language sql immutable parallel safe as
   $$ select ${pick(CITIES, 'bench.h(ticket, 42)')} $$`,
  `create or replace function bench.order_no(ticket int) returns text language sql immutable parallel safe as
   $$ select (100000 + bench.h(ticket, 43) % 900000)::text $$`,
  `create or replace function bench.protocol(ticket int) returns text language sql immutable parallel safe as
   $$ select '2024' || lpad(ticket::text, 8, '0') $$`,

  /**
   * Messages per ticket, about 5 on average: most conversations are short (1 to 8 messages), one in
   * 250 is long (60 to 140) and one in 2,000 very long (300 to 500), so message pages go deep.
   */
  `create or replace function bench.msg_count(ticket int) returns int language sql immutable parallel safe as
   $$ select case when bench.h(ticket, 51) % 10000 < 5 then 300 + (bench.h(ticket, 52) % 201)::int
                  when bench.h(ticket, 51) % 10000 < 45 then 60 + (bench.h(ticket, 52) % 81)::int
                  else 1 + (bench.h(ticket, 52) % 8)::int end $$`,

  // The first message is the customer's; afterwards agent and customer take turns, loosely.
  `create or replace function bench.from_me(ticket int, seq int) returns boolean language sql immutable parallel safe as
   $$ select seq > 0 and bench.h(ticket::bigint * 1024 + seq, 61) % 100 < 48 $$`,

  // Media: about 3% of the messages after the first (the body is the file name, as the app stores it).
  `create or replace function bench.is_media(ticket int, seq int) returns boolean language sql immutable parallel safe as
   $$ select seq > 0 and bench.h(ticket::bigint * 1024 + seq, 62) % 100 < 3 $$`,

  `create or replace function bench.body(ticket int, contact int, seq int) returns text language sql immutable parallel safe as
   $$ select case
     when bench.is_media(ticket, seq) then 'IMG-' || ticket::text || '-' || seq::text || '.jpg'
     when seq = 0 then ${pick(GREETINGS, 'bench.h(ticket, 71)')} || ', ' || ${pick(INTENTS, 'bench.h(ticket, 72)')} || ' ' || bench.product(ticket) || '.'
     when bench.from_me(ticket, seq) then case bench.h(ticket::bigint * 1024 + seq, 73) % 9
       when 0 then ${pick(GREETINGS, 'bench.h(ticket::bigint * 1024 + seq, 74)')} || ' ' || bench.first_name(contact) || ', aqui é do ' || ${pick(DEPARTMENTS, 'bench.h(ticket, 75)')} || '. Como posso ajudar?'
       when 1 then 'Seu pedido ' || bench.order_no(ticket) || ' foi enviado, código de rastreio BR' || (100000000 + bench.h(ticket, 76) % 900000000)::text || 'BR.'
       when 2 then 'Vou verificar com o setor ' || ${pick(DEPARTMENTS, 'bench.h(ticket, 75)')} || ' e já retorno.'
       when 3 then 'O protocolo do seu atendimento é ' || bench.protocol(ticket) || '.'
       when 4 then 'Segue a segunda via do boleto do ' || bench.product(ticket) || ' com vencimento em ' || lpad((1 + bench.h(ticket, 77) % 28)::text, 2, '0') || '/' || lpad((1 + bench.h(ticket, 77) / 28 % 12)::text, 2, '0') || '.'
       when 5 then 'Obrigado pelo contato, ' || bench.first_name(contact) || '! Tenha um ótimo dia.'
       when 6 then 'A entrega para ' || bench.city(ticket) || ' leva de 3 a 7 dias úteis.'
       when 7 then 'Pode me informar o CPF do titular, por favor?'
       else 'Entendo, ' || bench.first_name(contact) || '. O ' || bench.product(ticket) || ' tem garantia de 12 meses.'
     end
     else case bench.h(ticket::bigint * 1024 + seq, 78) % 10
       when 0 then ${pick(GREETINGS, 'bench.h(ticket::bigint * 1024 + seq, 79)')} || ', ' || ${pick(INTENTS, 'bench.h(ticket::bigint * 1024 + seq, 80)')} || ' ' || bench.product(ticket) || '.'
       when 1 then 'Meu pedido ' || bench.order_no(ticket) || ' ' || ${pick(COMPLAINTS, 'bench.h(ticket, 81)')} || '.'
       when 2 then 'O ' || bench.product(ticket) || ' ' || ${pick(COMPLAINTS, 'bench.h(ticket, 81)')} || ', o que eu faço?'
       when 3 then ${pick(ACKS, 'bench.h(ticket::bigint * 1024 + seq, 82)')}
       when 4 then ${pick(ACKS, 'bench.h(ticket::bigint * 1024 + seq, 83)')}
       when 5 then 'Qual o prazo de entrega para ' || bench.city(ticket) || '?'
       when 6 then 'Já paguei o boleto ontem, podem verificar?'
       when 7 then 'Meu CPF é ***.' || lpad((bench.h(contact, 84) % 1000)::text, 3, '0') || '.' || lpad((bench.h(contact, 85) % 1000)::text, 3, '0') || '-**'
       when 8 then 'Comprei o ' || bench.product(ticket) || ' na loja de ' || bench.city(ticket) || ' e ' || ${pick(COMPLAINTS, 'bench.h(ticket, 81)')} || '.'
       else 'Alguém pode me atender? É sobre o ' || bench.product(ticket) || ' do pedido ' || bench.order_no(ticket) || '.'
     end
   end $$`,
];
