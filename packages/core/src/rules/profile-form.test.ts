import { describe, expect, it } from 'vitest';
import { examples } from '../contract/examples.ts';
import { needsEmployeeNumber } from './employee-machines.ts';
import { checkProfile, type ProfileForm, parseBirthDate, profileForm, typeBirthDate } from './profile-form.ts';

const now = new Date('2026-11-21T12:00:00');
const good: ProfileForm = {
  name: 'Ana',
  birthDate: '12/04/1990',
  gender: 'Mujer',
  email: 'ana@vendo.mx',
  employeeNumber: '',
};
const member = examples.member;

describe('spec §2 /edit-profile birth-date input', () => {
  it.each([
    ['', '1', '1'],
    ['1', '12', '12/'],
    ['12/', '12/0', '12/0'],
    ['12/0', '12/04', '12/04/'],
    ['12/04/', '12/04/1990', '12/04/1990'],
    ['12/04/1990', '12/04/19901', '12/04/1990'],
    ['12/', '12', '12'],
    ['12/04/', '12/04', '12/04'],
    ['', '12041990', '12/04/1990'],
  ])('after %j, typing %j shows %j', (previous, typed, shown) => {
    expect(typeBirthDate(previous, typed)).toBe(shown);
  });
});

describe('issue 15 point 19: a birth date pasted or autofilled whole', () => {
  it.each([
    ['', '1990-03-15', '15/03/1990'],
    ['01/01/2000', '1990-03-15', '15/03/1990'],
    ['', '1990-3-5', '05/03/1990'],
    ['', '1990/03/15', '15/03/1990'],
    ['', '15/03/1990', '15/03/1990'],
    ['', '5/3/1990', '05/03/1990'],
    ['', '15-03-1990', '15/03/1990'],
    ['', '15.03.1990', '15/03/1990'],
    ['', ' 15 03 1990 ', '15/03/1990'],
    ['15/03/', '15/03/1990', '15/03/1990'],
  ])('after %j, pasting gives %j → %j (ISO and DD/MM/AAAA both read)', (previous, pasted, shown) => {
    expect(typeBirthDate(previous, pasted)).toBe(shown);
  });

  it('reads an impossible pasted date as it is, for the form to refuse, never as another date', () => {
    expect(typeBirthDate('', '1990-15-03')).toBe('03/15/1990');
  });

  it.each(['5/3/90', '1990-03', 'March 15, 1990', '15/3/90'])(
    'leaves %j as pasted, so the form says how to write it instead of the field showing another date',
    (pasted) => {
      expect(typeBirthDate('', pasted)).toBe(pasted);
    },
  );

  it('still slashes pasted digits and a pasted start of a date', () => {
    expect(typeBirthDate('', '15031990')).toBe('15/03/1990');
    expect(typeBirthDate('', '15/03')).toBe('15/03/');
  });

  it('never reads a one-character edit as a whole date: deleting a middle digit moves the later digits up', () => {
    expect(typeBirthDate('12/04/1990', '1/04/1990')).toBe('10/41/990');
    expect(typeBirthDate('15/03/1990', '15/0/1990')).toBe('15/01/990');
  });

  it('puts the digit typed back where it was deleted', () => {
    expect(typeBirthDate('15/01/990', '15/031/990')).toBe('15/03/1990');
  });
});

describe('spec §5 profile save', () => {
  it('accepts a complete profile', () => {
    expect(checkProfile(good, { employeeMachine: false, now })).toEqual({});
  });

  it('requires name, birth date, gender and email', () => {
    expect(
      checkProfile(
        { name: ' ', birthDate: '', gender: '', email: '', employeeNumber: '' },
        { employeeMachine: false, now },
      ),
    ).toEqual({
      name: 'name_missing',
      birthDate: 'birth_date_missing',
      gender: 'gender_missing',
      email: 'email_missing',
    });
  });

  it.each([
    ['31/02/1990', 'birth_date_invalid'],
    ['00/01/1990', 'birth_date_invalid'],
    ['12/13/1990', 'birth_date_invalid'],
    ['22/11/2026', 'birth_date_future'],
    ['1/4/1990', 'birth_date_format'],
  ])('refuses the birth date %s (%s)', (birthDate, problem) => {
    expect(checkProfile({ ...good, birthDate }, { employeeMachine: false, now }).birthDate).toBe(problem);
  });

  it('takes today as a birth date (not in the future)', () => {
    expect(parseBirthDate('21/11/2026', now)).toEqual({ ok: true, iso: '2026-11-21' });
  });

  it.each(['ana@vendo', 'ana.vendo.mx', 'ana@', '@vendo.mx', 'ana @vendo.mx'])('refuses the email %s', (email) => {
    expect(checkProfile({ ...good, email }, { employeeMachine: false, now }).email).toBe('email_invalid');
  });

  it.each(['1234567', '12345678901', '1234abcd'])(
    'on employee-number machines refuses the employee number %s',
    (employeeNumber) => {
      expect(checkProfile({ ...good, employeeNumber }, { employeeMachine: true, now }).employeeNumber).toBe(
        'employee_number_length',
      );
    },
  );

  it('asks no employee number elsewhere', () => {
    expect(checkProfile({ ...good, employeeNumber: 'x' }, { employeeMachine: false, now })).toEqual({});
  });
});

describe('the form for a member', () => {
  it('shows the birth date as DD/MM/YYYY and the employee number from facebook_uid', () => {
    expect(profileForm(member)).toMatchObject({ birthDate: '12/04/1990', employeeNumber: '12345678', gender: 'Mujer' });
  });
});

describe('spec §6 employee-number machines', () => {
  it('sends a member without a valid employee number to edit the profile', () => {
    expect(needsEmployeeNumber(true, { ...member, facebook_uid: null })).toBe(true);
    expect(needsEmployeeNumber(true, member)).toBe(false);
    expect(needsEmployeeNumber(false, { ...member, facebook_uid: null })).toBe(false);
  });
});
