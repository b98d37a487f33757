import type { quoteFr } from './quote-fr.ts';
import type { Widen } from './widen.ts';

/** The quote form in English: the same fields and messages as the French one, key for key. */
export const quoteEn: Widen<typeof quoteFr> = {
  requiredNoteBefore: 'Fields marked with an ',
  asterisk: 'asterisk',
  requiredNoteAfter: ' are required.',
  labels: {
    name: 'Full name',
    phone: 'Phone',
    email: 'Email',
    city: 'City',
    service: 'Service needed',
    urgency: 'How urgent is it?',
    message: 'Tell us about your project',
  },
  placeholders: { city: 'Choose your city', service: 'Choose a service' },
  urgencies: { normal: 'Normal (2 to 7 days)', urgent: 'Urgent (24 to 48 hours)', emergency: 'Emergency (same day)' },
  emergencyNoteBefore: 'An emergency? Call us instead: ',
  emergencyNoteAfter: '.',
  otherCity: 'Other city',
  otherService: 'Other / not sure',
  honeypot: 'Leave this field empty',
  submit: 'Send my quote request',
  submitting: 'Sending...',
  validation: {
    nameRequired: 'Your name is required',
    nameTooLong: 'Your name is too long',
    phoneInvalid: 'Invalid phone number',
    phoneTooLong: 'Phone number is too long',
    emailInvalid: 'Invalid email address',
    emailTooLong: 'Email address is too long',
    cityRequired: 'Please choose a city',
    serviceRequired: 'Please choose a service',
    messageTooLong: 'Message is too long (max 1,000 characters)',
  },
  toasts: {
    invalid: 'Please check the form',
    sent: 'Request sent! We will contact you shortly.',
    sentDescription: 'Average response time: 2-4 hours',
    failed: 'Your request could not be sent',
    failedBefore: 'Please try again or call us at ',
    failedAfter: '.',
    region: 'Notifications',
    close: 'Close notification',
  },
};
