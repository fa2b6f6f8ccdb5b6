// The merge tags that write each recipient's start into an evergreen countdown's email image
// (`?start=`): one per mailing tool, in a form src/time/evergreen.ts reads. The owner's page offers
// them in its email snippet; docs/email.md says what each gives and how its preview looks.

interface StartTag {
  tool: string;
  /** The tag as the tool's editor takes it, written raw into the image's address (the tool fills it in before sending). */
  tag: string;
}

export const START_TAGS: readonly StartTag[] = [
  // The day the email goes out (PHP date letters), midnight in the countdown's zone.
  { tool: "Mailchimp", tag: "*|DATE:Y-m-d|*" },
  // The minute it goes out, in the account's zone (the countdown's `timezone` should be the same).
  { tool: "Klaviyo", tag: "{% today '%Y-%m-%dT%H:%M' as now %}{{ now }}" },
  // A date attribute of the contact (Brevo stores dates as yyyy-mm-dd).
  { tool: "Brevo", tag: "{{ contact.SIGNUP_DATE }}" },
  // A date field of the subscriber, named "start" here.
  { tool: "MailerLite", tag: "{$start}" },
  // The moment the email goes out, in Unix milliseconds.
  { tool: "HubSpot", tag: "{{ local_dt|unixtimestamp }}" },
];
