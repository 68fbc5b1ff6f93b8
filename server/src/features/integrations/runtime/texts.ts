/** What the customer reads when a bot hands over to a human (asked for, or after a failure). */
export const HANDOFF_TEXT = 'Aguarde um momento, vamos transferir você para um de nossos atendentes.';
