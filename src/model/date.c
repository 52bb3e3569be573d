/* date.c -- Date tag values (date.h): which read as dates, and their
 * canonical form.
 */
#include "model/date.h"

#include <stdlib.h>
#include <string.h>

/* ---- Reading ---- */

int
pdn_date_month(const char *w, size_t len)
{
    static const char *const names[] = {
        "january",   "february", "march",      "april",     "may",
        "june",      "july",     "august",     "september", "october",
        "november",  "december", "gennaio",    "febbraio",  "marzo",
        "aprile",    "maggio",   "giugno",     "luglio",    "agosto",
        "settembre", "ottobre",  "novembre",   "dicembre",  "enero",
        "febrero",   "marzo",    "abril",      "mayo",      "junio",
        "julio",     "agosto",   "septiembre", "octubre",   "noviembre",
        "diciembre", "januari",  "februari",   "maart",     "april",
        "mei",       "juni",     "juli",       "augustus",  "september",
        "oktober",   "november", "december"};
    char low[16];
    if (len < 3 || len >= sizeof low)
        return 0;
    for (size_t i = 0; i < len; i++)
        low[i] = (char)(w[i] | 0x20);
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strlen(names[i]) >= len && memcmp(names[i], low, len) == 0)
            return (int)(i % 12) + 1;
    return 0;
}

/* The value of the digits that start the @n bytes at @s, as atoi() reads
 * them ("19??": 19, "??": 0). */
static int
leading_digits(const char *s, size_t n)
{
    int v = 0;
    for (size_t i = 0; i < n && s[i] >= '0' && s[i] <= '9'; i++)
        v = v * 10 + (s[i] - '0');
    return v;
}

/* Whether the @n bytes at @s are digits and '?' alone. */
static bool
digits_or_unknown(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!((s[i] >= '0' && s[i] <= '9') || s[i] == '?'))
            return false;
    return true;
}

/* The usual "YYYY.MM.DD" ("1996.??.??" too) and "YYYY", told at once: 1
 * or 0 as pdn_date_known() answers, or -1 for any other shape. */
static int
usual_date_known(const char *s)
{
    size_t len = strnlen(s, 11);
    if (len == 4 && digits_or_unknown(s, 4))
        return 1; /* the shape "Y" below */
    if (len != 10 || s[4] != '.' || s[7] != '.' || !digits_or_unknown(s, 4) ||
        !digits_or_unknown(s + 5, 2) || !digits_or_unknown(s + 8, 2))
        return -1;
    int y = leading_digits(s, 4), m = leading_digits(s + 5, 2),
        d = leading_digits(s + 8, 2);
    /* the shape "YDD" below */
    return (m <= 12 && d <= 31) || (y <= 31 && m <= 12) || (y <= 12 && m <= 31);
}

bool
pdn_date_known(const char *s)
{
    int usual = usual_date_known(s);
    if (usual >= 0)
        return usual;
    char shape[8];
    int value[8], n = 0;
    while (*s) {
        size_t len = strspn(s, "0123456789?");
        size_t word = strspn(s, "abcdefghijklmnopqrstuvwxyz"
                                "ABCDEFGHIJKLMNOPQRSTUVWXYZ");
        if (n == 7 && (len || word))
            return false;
        if (len == 4 || (len >= 1 && len <= 2)) {
            shape[n] = len == 4 ? 'Y' : 'D';
            value[n++] = atoi(s); /* "??": 0, unknown */
            s += len;
        } else if (word) {
            shape[n] = 'M';
            value[n++] = pdn_date_month(s, word);
            if (!value[n - 1])
                return false;
            s += word;
        } else if (len || !strchr(" .-/,", *s)) {
            return false;
        } else {
            s++;
        }
    }
    shape[n] = '\0';
    /* D in [1, max] or unknown (0) */
#define IN(i, max) (value[i] <= (max))
    if (!strcmp(shape, "") || !strcmp(shape, "Y") || !strcmp(shape, "YY"))
        return true;
    if (!strcmp(shape, "YD"))
        return IN(1, 12);
    if (!strcmp(shape, "YDD") || !strcmp(shape, "DDD"))
        return (IN(1, 12) && IN(2, 31)) || (IN(0, 31) && IN(1, 12)) ||
               (IN(0, 12) && IN(1, 31));
    if (!strcmp(shape, "DDY"))
        return (IN(0, 31) && IN(1, 12)) || (IN(0, 12) && IN(1, 31));
    if (!strcmp(shape, "MY") || !strcmp(shape, "YM"))
        return true;
    if (!strcmp(shape, "DMY") || !strcmp(shape, "MDY"))
        return IN(shape[0] == 'D' ? 0 : 1, 31);
    if (!strcmp(shape, "DDMY") || !strcmp(shape, "MDDY"))
        return IN(shape[0] == 'D' ? 0 : 1, 31) &&
               IN(shape[0] == 'D' ? 1 : 2, 31);
#undef IN
    return false;
}

/* ---- The canonical form ---- */

/* One field of a date: digits and '?', or a month name. */
typedef struct field {
    char kind; /* 'Y' four digits, 'N' one or two, 'M' a month name */
    int value; /* -1: unknown ("??") */
    char sep;  /* the separator after it, or 0 */
} field;

/* Splits @s into at most 4 fields; their count, or -1 if it is not made
 * of numbers, month names and separators " .-/,". */
static int
split(const char *s, field f[4])
{
    int n = 0;
    while (*s) {
        size_t digits = strspn(s, "0123456789");
        size_t unknown = strspn(s, "?");
        size_t word = strspn(s, "abcdefghijklmnopqrstuvwxyz"
                                "ABCDEFGHIJKLMNOPQRSTUVWXYZ");
        if (digits || unknown || word) {
            if (n == 4 || (n > 0 && !f[n - 1].sep))
                return -1; /* five fields, or two with nothing between */
            size_t len = digits ? digits : unknown ? unknown : word;
            if (word) {
                f[n].kind = 'M';
                f[n].value = pdn_date_month(s, word);
                if (!f[n].value)
                    return -1;
            } else if (len == 4 || (len >= 1 && len <= 2)) {
                f[n].kind = len == 4 ? 'Y' : 'N';
                f[n].value = digits ? atoi(s) : -1;
            } else {
                return -1; /* "123", "1?", ... */
            }
            f[n++].sep = 0;
            s += len;
        } else if (strchr(" .-/,", *s) && n > 0 && !f[n - 1].sep) {
            f[n - 1].sep = *s++;
            while (*s == ' ')
                s++;
        } else {
            return -1;
        }
    }
    return n;
}

/* Two characters of a month or day: "06", or "??" if unknown. */
static void
two(char *out, int value)
{
    if (value < 0) {
        out[0] = out[1] = '?';
    } else {
        out[0] = (char)('0' + value / 10);
        out[1] = (char)('0' + value % 10);
    }
}

/* The shapes of a date, by the kinds of its fields (Y a year, N a number,
 * M a month's name), and which field is its year, month and day (-1: it
 * has none). */
static const struct {
    const char *kinds;
    signed char year, month, day;
} shapes[] = {
    {"", -1, -1, -1}, {"Y", 0, -1, -1}, {"YN", 0, 1, -1},
    {"YM", 0, 1, -1}, {"YNN", 0, 1, 2}, {"NNY", 2, 1, 0},
    {"NMY", 2, 1, 0}, {"MNY", 2, 0, 1}, {"MY", 1, 0, -1},
};

bool
pdn_date_canonical(const char *s, char out[11])
{
    field f[4];
    int n = split(s, f);
    char kinds[5] = "";
    size_t k = 0;

    if (n < 0)
        return false;
    for (int i = 0; i < n; i++)
        kinds[i] = f[i].kind;
    kinds[n] = '\0';
    while (k < sizeof shapes / sizeof shapes[0] &&
           strcmp(shapes[k].kinds, kinds))
        k++;
    if (k == sizeof shapes / sizeof shapes[0])
        return false;
    int y = shapes[k].year, m = shapes[k].month, d = shapes[k].day;
    if (!strcmp(kinds, "NNY")) {
        /* Day first, unless the first cannot be a month's day and the
         * second can; with '/', both at most 12 could be either. */
        if (f[1].value > 12 && f[0].value <= 12) {
            m = 0;
            d = 1;
        } else if (f[0].sep == '/' && f[0].value > 0 && f[0].value <= 12 &&
                   f[1].value > 0 && f[0].value != f[1].value) {
            return false;
        }
    }
    int year = y < 0 ? -1 : f[y].value;
    int month = m < 0 ? -1 : f[m].value;
    int day = d < 0 ? -1 : f[d].value;
    if (month == 0 || month > 12 || day == 0 || day > 31)
        return false;
    two(out, year < 0 ? -1 : year / 100);
    two(out + 2, year < 0 ? -1 : year % 100);
    out[4] = '.';
    two(out + 5, month);
    out[7] = '.';
    two(out + 8, day);
    out[10] = '\0';
    return true;
}
