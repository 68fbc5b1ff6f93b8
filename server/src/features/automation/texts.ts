// What the chatbot itself says around the company's own texts. The company writes greetings, menus'
// option names and out-of-hours answers in its settings; these few lines frame them, in the
// product's default language (Portuguese, spec 1 §1).

/** The answer that takes the customer one level up in an option menu. */
export const BACK_ANSWER = '#';

export const texts = {
  invalidOption: 'Opção inválida, por favor escolha uma das opções abaixo.',
  back: 'Voltar',
  ratingThanks: 'Obrigado pela sua avaliação!',
  ratingInvalid: 'Por favor, responda com uma nota de 0 a 10.',
  lgpdConsent: 'Para continuar, responda *1* para aceitar ou *2* para recusar.',
  lgpdRefused: 'Sem o seu aceite não podemos continuar o atendimento. Quando quiser, é só nos escrever de novo.',
  noAudio: 'Infelizmente não conseguimos escutar áudios por este canal de atendimento. Por favor, envie uma mensagem de *texto*.',
  queuePosition: (message: string, position: number) => `${message.trim()} *${position}*`,
};

/** One line of a numbered menu: the number the customer types, then the option's name. */
export const menuLine = (n: number | string, name: string) => `*[ ${n} ]* - ${name}`;
