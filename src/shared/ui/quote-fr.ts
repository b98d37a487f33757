/**
 * The quote form's French text: its fixed labels, validation messages and toasts, word
 * for word. Apart from the rest of the table because the form's browser code and the receiver's
 * checks need it without the templates' strings.
 */
export const quoteFr = {
  requiredNoteBefore: 'Les champs marqués d’un ',
  asterisk: 'astérisque',
  requiredNoteAfter: ' sont obligatoires.',
  labels: {
    name: 'Nom complet',
    phone: 'Téléphone',
    email: 'Courriel',
    city: 'Ville',
    service: 'Service demandé',
    urgency: 'Niveau d’urgence',
    message: 'Décrivez votre projet',
  },
  placeholders: { city: 'Choisissez votre ville', service: 'Choisissez un service' },
  urgencies: { normal: 'Normal (2 à 7 jours)', urgent: 'Urgent (24 à 48 h)', emergency: 'Urgence (même jour)' },
  /**
   * Beside the urgency choice (an addition, the fixed labels stay): the form answers in hours,
   * an emergency needs a call.
   */
  emergencyNoteBefore: 'Une urgence? Appelez-nous plutôt : ',
  emergencyNoteAfter: '.',
  otherCity: 'Autre ville',
  otherService: 'Autre / je ne sais pas',
  honeypot: 'Ne pas remplir ce champ',
  submit: 'Envoyer ma demande de devis',
  submitting: 'Envoi en cours...',
  validation: {
    nameRequired: 'Le nom est requis',
    nameTooLong: 'Le nom est trop long',
    phoneInvalid: 'Numéro de téléphone invalide',
    phoneTooLong: 'Numéro de téléphone trop long',
    emailInvalid: 'Courriel invalide',
    emailTooLong: 'Courriel trop long',
    cityRequired: 'Veuillez sélectionner une ville',
    serviceRequired: 'Veuillez sélectionner un service',
    messageTooLong: 'Message trop long (max 1000 caractères)',
  },
  toasts: {
    invalid: 'Erreur de validation',
    sent: 'Demande envoyée! Nous vous contacterons sous peu.',
    sentDescription: 'Temps de réponse moyen: 2-4 heures',
    failed: "Erreur lors de l'envoi",
    failedBefore: 'Veuillez réessayer ou nous appeler au ',
    failedAfter: '.',
    region: 'Notifications',
    close: 'Fermer la notification',
  },
} as const;
