// The mail server connection, from SMTP_URL (smtp:// or smtps://user:password@host:port).
import nodemailer from 'nodemailer'
import type { Notification } from './notification.ts'

export type SendMail = (mail: Notification) => Promise<void>

export function smtpSender(smtpUrl: string): { send: SendMail; close(): void } {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // Bounded waits: a mail server that hangs must not hold a notification's lease for long.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  })
  return {
    send: async (mail) => {
      await transport.sendMail(mail)
    },
    close: () => transport.close(),
  }
}

/** The sender address: MAIL_FROM, else the SMTP user when it is an address, else NOTIFY_EMAIL. */
export function senderAddress({
  mailFrom,
  smtpUrl,
  notifyEmail,
  company,
}: {
  mailFrom?: string | undefined
  smtpUrl: string
  notifyEmail: string
  company: string
}): string {
  if (mailFrom) return mailFrom
  const user = decodeURIComponent(new URL(smtpUrl).username)
  const address = user.includes('@') ? user : notifyEmail
  return `"${company.replace(/["\\]/g, '')} website" <${address}>`
}
