// The units of time, in milliseconds (as Date and the clocks count): the one definition every module
// imports. A count in another unit says so in its name (`secondsLeft`) and converts from these.

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
