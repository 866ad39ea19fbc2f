import { describe, expect, it } from 'vitest';
import { SettingsError, parseRate, readSettings } from './settings';

describe('settings from the environment', () => {
  it('take the default when a variable is unset or blank', () => {
    const read = readSettings({ PORT: '  ', HOST: '' });
    expect(read.port('PORT', 3000)).toBe(3000);
    expect(read.host('HOST', 'localhost')).toBe('localhost');
    expect(read.url('URL')).toBeUndefined();
    expect(read.list('LIST', ['a'])).toEqual(['a']);
    expect(read.logLevel('LOG_LEVEL')).toBe('info');
    expect(read.value('PORT')).toBeUndefined();
  });

  it('read ports, hosts, URLs, bounded integers, levels and lists', () => {
    const read = readSettings({
      PORT: ' 4200 ',
      ZERO: '0',
      URL: 'https://tenant.example.com',
      N: '-3',
      LOG_LEVEL: 'DEBUG',
      LIST: ' a, b ,,c ',
    });
    expect(read.port('PORT', 3000)).toBe(4200);
    expect(read.port('ZERO', 3000)).toBe(0);
    for (const host of ['0.0.0.0', '::', '::1', 'api.internal', '[::1]']) {
      expect(readSettings({ HOST: host }).host('HOST', 'localhost')).toBe(host);
    }
    expect(read.url('URL')).toBe('https://tenant.example.com/');
    expect(read.integer('N', { fallback: 0, min: -5, max: 5 })).toBe(-3);
    expect(read.logLevel('LOG_LEVEL')).toBe('debug');
    expect(read.list('LIST', [])).toEqual(['a', 'b', 'c']);
  });

  it('stop with an error naming the variable, what it must be and what it was', () => {
    const read = readSettings({
      BIG: '65536',
      LETTERS: '80a',
      EXPONENT: '1e3',
      HOST: 'http://x',
      FTP: 'ftp://x',
      BARE: 'localhost:4000',
      LEVEL: 'verbose',
      RATE: '600/60m',
    });
    const cases: [() => unknown, RegExp][] = [
      [() => read.port('BIG', 1), /^BIG must be a whole number from 0 to 65535, not "65536"\.$/],
      [() => read.port('LETTERS', 1), /^LETTERS must be a whole number/],
      [() => read.port('EXPONENT', 1), /^EXPONENT must be a whole number/],
      [
        () => read.integer('BIG', { fallback: 0, min: 0, max: 10 }),
        /^BIG must be a whole number from 0 to 10/,
      ],
      [() => read.host('HOST', 'h'), /^HOST must be a host name or an IP address/],
      [() => read.url('FTP'), /^FTP must be an http:\/\/ or https:\/\/ URL, not "ftp:\/\/x"/],
      [() => read.url('BARE'), /^BARE must be an http/],
      [() => read.logLevel('LEVEL'), /^LEVEL must be one of fatal, error, warn, info, debug, trace, silent/],
      [() => read.rate('RATE', { requests: 1, windowSeconds: 1 }), /^RATE must be <requests>\/<seconds>s/],
    ];
    for (const [attempt, message] of cases) {
      expect(attempt).toThrow(SettingsError);
      expect(attempt).toThrow(message);
    }
  });

  it('read a rate as requests per seconds, or off', () => {
    const fallback = { requests: 1_200, windowSeconds: 60 };
    const rate = (text: string | undefined) => readSettings({ RATE: text }).rate('RATE', fallback);
    expect(rate(undefined)).toBe(fallback);
    expect(rate('600/60s')).toEqual({ requests: 600, windowSeconds: 60 });
    expect(rate(' 50 / 10 ')).toEqual({ requests: 50, windowSeconds: 10 });
    expect(rate('OFF')).toBe(false);
    for (const wrong of ['600', '0/60s', '600/0', 'lots', '-1/5s', '600/60m', '1/1s/1']) {
      expect(parseRate(wrong), wrong).toBeUndefined();
    }
  });
});
