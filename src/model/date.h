/* date.h -- the Date tag: which values read as dates, and their one
 * canonical form "YYYY.MM.DD" ('?' for what is not known).
 */
#ifndef PDN_MODEL_DATE_H
#define PDN_MODEL_DATE_H

#include <stdbool.h>
#include <stddef.h>

/** The month the word @w of @len bytes names (English, Italian, Spanish,
 * Dutch; whole, or its first three letters or more; case ignored), 1-12;
 * 0 for none. */
int pdn_date_month(const char *w, size_t len);

/** Whether @s is a date in a known form: a year (1996, 1995/1996), year
 * month day (2002.06.01, 2002-06-??), day month year (01.06.2002,
 * 01-06-2002), two-digit years (96.06.01), and month names ("1-2 June
 * 2002", "June 2002"); '?' for unknown digits; "" unknown. */
bool pdn_date_known(const char *s);

/** Writes @s as "YYYY.MM.DD" into @out and returns true ("1996" gives
 * "1996.??.??", "17 april 2009" "2009.04.17", "" "????.??.??"); or
 * returns false for a value that is no single day, month or year in a
 * known form: a range ("1-2 June 2002", "2007/2008"), a two-digit year,
 * or "03/04/2002", where either number could be the month. */
bool pdn_date_canonical(const char *s, char out[11]);

#endif
