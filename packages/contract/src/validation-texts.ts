/**
 * Validation messages. Schemas carry the key; the server answers with the text in the caller's
 * language and the web app renders the same key through i18next, so both say the same thing.
 * Portuguese texts are the spec's; where the spec quotes an English text (user form) that is the
 * English value.
 */
export const validationTexts = {
  pt: {
    'validation.errorExpiresNPS':
      'Com a avaliação ativa, informe a mensagem de avaliação e um tempo de expiração da avaliação maior que zero',
    'validation.errorSendQueue':
      'Foi informado tempo para redirecionar fila, porém não foi selecionada fila para redirecionar. Os dois campos precisam estar preenchidos',
    'validation.importOldDate': 'A data deve estar entre 2 anos atrás e hoje',
    'validation.importRecentDate': 'A data deve ser posterior à data inicial e não pode estar no futuro',
    'validation.vacationDate': 'Informe uma data a partir de 10 dias atrás',
    'validation.vacationEnd': 'O fim deve ser igual ou posterior ao início',
    'validation.dateFormat': 'Data inválida: use o formato aaaa-MM-dd',
    'validation.dateRange': 'A data final deve ser igual ou posterior à data inicial',
    'validation.connectionToken': 'O token deve ter 30 letras ou números',
    'validation.required': 'Obrigatório',
    'validation.tooShort': 'Muito curto!',
    'validation.tooLong': 'Muito longo!',
    'validation.invalidEmail': 'E-mail inválido',
    'validation.invalid': 'Valor inválido',
    'validation.passwordStrength': 'Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.',
    'validation.passwordsDontMatch': 'As senhas não correspondem',
    'validation.companyNameRequired': 'Nome é obrigatório',
    'validation.companyEmailInvalid': 'Email é inválido',
    'validation.companyEmailRequired': 'E-mail é obrigatório',
    'validation.number': 'Deve ser um número',
    'validation.time': 'Horário inválido (HH:mm)',
    'validation.color': 'Cor inválida',
    'validation.tagTooShort': 'Tag muito curta!',
    'validation.messageTooShort': 'Mensagem muito curta',
    'validation.ticketId': 'ID do Ticket inválido.',
    'validation.nameTooShort': 'nome muito curto',
    'validation.promptTooShort': 'O prompt deve ter pelo menos 50 caracteres',
    'validation.promptQueue': 'Informe o setor',
    'validation.chatUsers': 'Selecione ao menos um outro usuário',
    'validation.scheduleInPast': 'A data de envio deve ser no futuro',
    'validation.campaignAudience': 'Selecione uma lista de contatos ou uma tag',
    'validation.campaignMessage': 'Informe ao menos uma mensagem',
    'validation.campaignConfirmation': 'Com a confirmação ativa, informe a mensagem de confirmação da mensagem',
    'validation.importColumns': 'A planilha precisa das colunas nome e numero (email opcional)',
  },
  en: {
    'validation.errorExpiresNPS': 'With ratings enabled, fill in the rating message and a rating expiry greater than zero',
    'validation.errorSendQueue': 'A time to redirect the queue was given but no redirect queue was chosen. Both fields must be filled',
    'validation.importOldDate': 'The date must be between 2 years ago and today',
    'validation.importRecentDate': 'The date must not be before the start date nor in the future',
    'validation.vacationDate': 'Choose a date from 10 days ago onwards',
    'validation.vacationEnd': 'The end must be on or after the start',
    'validation.dateFormat': 'Invalid date: use the yyyy-MM-dd format',
    'validation.dateRange': 'The end date must be on or after the start date',
    'validation.connectionToken': 'The token must have 30 letters or digits',
    'validation.required': 'Required',
    'validation.tooShort': 'Too Short!',
    'validation.tooLong': 'Too Long!',
    'validation.invalidEmail': 'Invalid email',
    'validation.invalid': 'Invalid value',
    'validation.passwordStrength':
      'Your password must have at least 8 characters, with one uppercase letter, one lowercase letter and one number.',
    'validation.passwordsDontMatch': 'Passwords do not match',
    'validation.companyNameRequired': 'Name is required',
    'validation.companyEmailInvalid': 'Email is invalid',
    'validation.companyEmailRequired': 'E-mail is required',
    'validation.number': 'Must be a number',
    'validation.time': 'Invalid time (HH:mm)',
    'validation.color': 'Invalid colour',
    'validation.tagTooShort': 'Tag too short!',
    'validation.messageTooShort': 'Message too short',
    'validation.ticketId': 'Invalid ticket ID.',
    'validation.nameTooShort': 'name too short',
    'validation.promptTooShort': 'The prompt must have at least 50 characters',
    'validation.promptQueue': 'Choose the queue',
    'validation.chatUsers': 'Choose at least one other user',
    'validation.scheduleInPast': 'The send time must be in the future',
    'validation.campaignAudience': 'Choose a contact list or a tag',
    'validation.campaignMessage': 'Write at least one message',
    'validation.campaignConfirmation': 'With confirmation on, write the confirmation message of a message',
    'validation.importColumns': 'The spreadsheet needs the columns nome and numero (email optional)',
  },
  es: {
    'validation.errorExpiresNPS': 'Con la evaluación activa, informe el mensaje de evaluación y un tiempo de expiración mayor que cero',
    'validation.errorSendQueue':
      'Se informó un tiempo para redirigir la cola, pero no se seleccionó la cola de destino. Ambos campos deben completarse',
    'validation.importOldDate': 'La fecha debe estar entre hace 2 años y hoy',
    'validation.importRecentDate': 'La fecha no puede ser anterior a la inicial ni futura',
    'validation.vacationDate': 'Elija una fecha a partir de hace 10 días',
    'validation.vacationEnd': 'El fin debe ser igual o posterior al inicio',
    'validation.dateFormat': 'Fecha inválida: use el formato aaaa-MM-dd',
    'validation.dateRange': 'La fecha final debe ser igual o posterior a la fecha inicial',
    'validation.connectionToken': 'El token debe tener 30 letras o números',
    'validation.required': 'Obligatorio',
    'validation.tooShort': '¡Muy corto!',
    'validation.tooLong': '¡Muy largo!',
    'validation.invalidEmail': 'Correo electrónico inválido',
    'validation.invalid': 'Valor inválido',
    'validation.passwordStrength': 'Su contraseña debe tener al menos 8 caracteres, con una letra mayúscula, una minúscula y un número.',
    'validation.passwordsDontMatch': 'Las contraseñas no coinciden',
    'validation.companyNameRequired': 'El nombre es obligatorio',
    'validation.companyEmailInvalid': 'El correo es inválido',
    'validation.companyEmailRequired': 'El correo es obligatorio',
    'validation.number': 'Debe ser un número',
    'validation.time': 'Hora inválida (HH:mm)',
    'validation.color': 'Color inválido',
    'validation.tagTooShort': '¡Etiqueta muy corta!',
    'validation.messageTooShort': 'Mensaje muy corto',
    'validation.ticketId': 'ID de ticket inválido.',
    'validation.nameTooShort': 'nombre muy corto',
    'validation.promptTooShort': 'El prompt debe tener al menos 50 caracteres',
    'validation.promptQueue': 'Informe el sector',
    'validation.chatUsers': 'Seleccione al menos otro usuario',
    'validation.scheduleInPast': 'La fecha de envío debe ser futura',
    'validation.campaignAudience': 'Seleccione una lista de contactos o una etiqueta',
    'validation.campaignMessage': 'Informe al menos un mensaje',
    'validation.campaignConfirmation': 'Con la confirmación activa, informe el mensaje de confirmación de un mensaje',
    'validation.importColumns': 'La planilla necesita las columnas nome y numero (email opcional)',
  },
} as const;

export type ValidationKey = keyof (typeof validationTexts)['pt'];
export type Language = keyof typeof validationTexts;
export const LANGUAGES = ['pt', 'en', 'es'] as const;

export const isValidationKey = (key: string): key is ValidationKey => Object.hasOwn(validationTexts.pt, key);

export function validationText(key: string, lang: Language = 'pt'): string {
  const table = validationTexts[lang] as Record<string, string>;
  return table[key] ?? (validationTexts.pt as Record<string, string>)[key] ?? key;
}
