import type { VariableRecord } from '@hiwar/contracts';
import { describe, expect, it } from 'vitest';
import {
  clonedValuesOf,
  newVariableValues,
  type VariableFormValues,
  variableProblems,
  variableRequestOf,
  variableValuesOf,
} from './variable-form-values.ts';

const withValues = (change: Partial<VariableFormValues>) => ({ ...newVariableValues(), ...change });

const storedList: VariableRecord = {
  var_id: 7,
  var_command_id: 3,
  user_id: 1,
  var_name: 'city',
  var_type: 'list',
  var_type_ds_id: 4,
  var_type_ds_field_where: 'name',
  var_type_ds_field_return: 'name',
  var_prompt: 'Which city?',
  var_is_preference: 1,
  var_is_preference_timeout: 5,
  var_order: 2,
  var_max_tries: 4,
  var_val_regex: '',
  var_val_text: '',
  entity_name: '',
  var_val_stopwords: [],
  var_val_list: ['Cairo'],
  var_labels: [{ keyword: 'Cairo', syns: ['Al Qahira'] }],
  var_default_val_type: 'txt',
  var_default_val: '',
  var_default_val_preference_id: null,
  var_cursor_var_id: 9,
  var_fallback_type: 'text',
  var_fallback_redirect_command_id: null,
  var_fallback_msg: 'Pick a city',
  var_fallback_options: [],
  var_status: 1,
  created_at: '2026-01-01 00:00:00',
  updated_at: '2026-01-01 00:00:00',
};

describe('variable save-time messages', () => {
  it('asks for the name', () => {
    expect(variableProblems(withValues({ var_val_text: 'x' }))).toEqual({
      var_name: 'Please enter the variable name',
    });
  });

  it('shows the type rules together with a missing name', () => {
    expect(variableProblems(withValues({ var_type: 'regex' }))).toEqual({
      var_name: 'Please enter the variable name',
      var_val_regex: 'Please enter the variable regex',
    });
  });

  it('refuses names with characters other than letters, digits, dashes and underscores', () => {
    expect(variableProblems(withValues({ var_name: 'my city', var_val_text: 'x' })).var_name).toBe(
      'The variable name may only contain letters, digits, dashes and underscores',
    );
    expect(variableProblems(withValues({ var_name: 'my-city_2', var_val_text: 'x' }))).toEqual({});
  });

  it('asks for the text of a text variable and the regex of a regex variable', () => {
    expect(variableProblems(withValues({ var_name: 'a' }))).toEqual({
      var_val_text: 'Please enter the variable text',
    });
    expect(variableProblems(withValues({ var_name: 'a', var_type: 'regex' }))).toEqual({
      var_val_regex: 'Please enter the variable regex',
    });
  });

  it('asks for the values list of list and datasetList variables', () => {
    expect(variableProblems(withValues({ var_name: 'a', var_type: 'list' }))).toEqual({
      var_val_list: 'Please enter the variable values list',
    });
    expect(
      variableProblems(withValues({ var_name: 'a', var_type: 'datasetList', var_type_ds_id: '2' })),
    ).toEqual({
      var_val_list: 'Please enter the variable values list',
    });
    expect(
      variableProblems(
        withValues({ var_name: 'a', var_type: 'list', list_values: [{ value: 'x', synonyms: [] }] }),
      ),
    ).toEqual({});
  });

  it('keeps the preference timeout between 1 and 11', () => {
    const values = withValues({ var_name: 'a', var_val_text: 'x', var_is_preference: true });
    expect(variableProblems({ ...values, var_is_preference_timeout: 12 })).toEqual({
      var_is_preference_timeout: 'The preference timeout must be an integer from 1 to 11',
    });
    expect(variableProblems({ ...values, var_is_preference_timeout: 11 })).toEqual({});
    expect(variableProblems({ ...values, var_max_tries: 0 })).toEqual({
      var_max_tries: 'The tries must be an integer from 1 to 10',
    });
  });
});

describe('variable form values', () => {
  it('opens a stored list that keeps a dataset as a datasetList', () => {
    expect(variableValuesOf(storedList).var_type).toBe('datasetList');
    expect(variableValuesOf({ ...storedList, var_type_ds_id: null }).var_type).toBe('list');
  });

  it('clones every field but the cursor, which belongs to the other command', () => {
    const cloned = clonedValuesOf(storedList);
    expect(cloned).toMatchObject({ var_name: 'city', var_prompt: 'Which city?', var_type_ds_id: '4' });
    expect(cloned.var_cursor_var_id).toBeNull();
    expect(cloned).not.toHaveProperty('var_id');
  });

  it('drops the dataset of a variable whose type no longer uses one', () => {
    const values = variableValuesOf(storedList);
    expect(variableRequestOf(values)).toMatchObject({ var_type: 'datasetList', var_type_ds_id: '4' });
    expect(variableRequestOf({ ...values, var_type: 'list' })).toMatchObject({
      var_type: 'list',
      var_type_ds_id: null,
      var_type_ds_field_where: '',
      var_type_ds_field_return: '',
    });
  });

  it('sends flags as 0/1, every value in the values list and a label for each value with synonyms', () => {
    const request = variableRequestOf(
      withValues({
        var_is_preference: true,
        list_values: [
          { value: 'small', synonyms: ['tiny'] },
          { value: '', synonyms: [] },
          { value: 'large', synonyms: [] },
        ],
      }),
    );
    expect(request.var_is_preference).toBe(1);
    expect(request.var_val_list).toEqual(['small', 'large']);
    expect(request.var_labels).toEqual([{ keyword: 'small', syns: ['tiny'] }]);
    expect(request).not.toHaveProperty('list_values');
  });

  it('opens a stored list with its values and their synonyms', () => {
    expect(variableValuesOf(storedList).list_values).toEqual([{ value: 'Cairo', synonyms: ['Al Qahira'] }]);
  });
});
