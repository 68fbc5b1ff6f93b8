// Word lists of the generated conversations: Brazilian names, places, products and the phrases a
// support chat is made of, so message search has real words to find (and to miss). Each list is
// turned into a SQL array literal; the generator picks entries with a hash of the row.

export const FIRST_NAMES = [
  'Ana', 'Maria', 'Mariana', 'Juliana', 'Fernanda', 'Patrícia', 'Aline', 'Camila', 'Amanda', 'Bruna',
  'Letícia', 'Larissa', 'Beatriz', 'Gabriela', 'Vanessa', 'Carolina', 'Renata', 'Tatiane', 'Priscila', 'Débora',
  'Luana', 'Natália', 'Raquel', 'Simone', 'Cláudia', 'Sandra', 'Adriana', 'Elaine', 'Jéssica', 'Daniela',
  'José', 'João', 'Antônio', 'Francisco', 'Carlos', 'Paulo', 'Pedro', 'Lucas', 'Luiz', 'Marcos',
  'Luís', 'Gabriel', 'Rafael', 'Daniel', 'Marcelo', 'Bruno', 'Eduardo', 'Felipe', 'Rodrigo', 'Gustavo',
  'Fábio', 'André', 'Fernando', 'Diego', 'Leonardo', 'Thiago', 'Vinícius', 'Matheus', 'Ricardo', 'Sérgio',
];

export const SURNAMES = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes',
  'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa',
  'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas',
  'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Araújo', 'Pinto', 'Correia', 'Cavalcanti', 'Monteiro',
  'Moura', 'Barros', 'Batista', 'Campos', 'Rezende', 'Xavier', 'Duarte', 'Medeiros', 'Fonseca', 'Castro',
  'Azevedo', 'Pires', 'Brito', 'Miranda', 'Farias', 'Sales', 'Peixoto', 'Queiroz', 'Tavares', 'Bezerra',
];

export const CITIES = [
  'São Paulo', 'Rio de Janeiro', 'Belo Horizonte', 'Curitiba', 'Porto Alegre', 'Salvador', 'Recife', 'Fortaleza',
  'Manaus', 'Belém', 'Goiânia', 'Campinas', 'Florianópolis', 'Vitória', 'Natal', 'João Pessoa', 'Maceió',
  'Teresina', 'Campo Grande', 'Cuiabá', 'Londrina', 'Joinville', 'Ribeirão Preto', 'Uberlândia', 'Sorocaba',
  'Santos', 'Niterói', 'Aracaju', 'Porto Velho', 'Macapá',
];

/** What a conversation is about: one per ticket. */
export const PRODUCTS = [
  'geladeira', 'notebook', 'celular', 'fogão', 'micro-ondas', 'televisão', 'ar-condicionado', 'máquina de lavar',
  'cafeteira', 'liquidificador', 'aspirador', 'ventilador', 'impressora', 'fone de ouvido', 'tablet', 'monitor',
  'cadeira gamer', 'colchão', 'sofá', 'guarda-roupa', 'bicicleta', 'tênis', 'relógio', 'perfume', 'smartwatch',
  'caixa de som', 'roteador', 'plano de internet', 'cartão de crédito', 'assinatura', 'seguro residencial',
  'consórcio', 'empréstimo', 'conta digital', 'air fryer', 'batedeira', 'secadora', 'purificador de água',
  'câmera', 'videogame',
];

export const GREETINGS = ['Olá', 'Oi', 'Bom dia', 'Boa tarde', 'Boa noite', 'Oii', 'Opa', 'Olá, tudo bem?'];

export const INTENTS = [
  'preciso de ajuda com', 'gostaria de saber sobre', 'tenho uma dúvida sobre', 'estou com problema no',
  'quero cancelar', 'queria trocar', 'ainda não recebi', 'quero rastrear', 'preciso da nota fiscal do',
  'como faço para pagar', 'quero devolver', 'comprei e veio errado o', 'qual a garantia do', 'posso parcelar o',
];

export const COMPLAINTS = [
  'veio quebrado', 'não liga', 'está fazendo barulho', 'veio na cor errada', 'faltou uma peça', 'parou de funcionar',
  'não carrega', 'chegou amassado', 'a embalagem estava aberta', 'esquenta demais',
];

export const DEPARTMENTS = ['financeiro', 'logística', 'suporte técnico', 'comercial', 'pós-venda', 'cobrança'];

/** Short replies that make up much of any chat. */
export const ACKS = [
  'Ok', 'Obrigado!', 'Obrigada', 'Certo, aguardo', 'Beleza', 'Tá bom', 'Entendi', 'Perfeito, muito obrigado',
  'Sim', 'Não', 'Pode ser', 'Combinado', 'Vou verificar aqui', 'Ainda não', '👍',
];

/** Becomes `array['a','b']::text[]` (quotes doubled), for a SQL statement. */
export function sqlArray(words) {
  return `array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]::text[]`;
}
