import { describe, expect, it } from 'vitest';
import {
  normalizeResponseBody,
  responseMessages,
  saveCommandResponseRequest,
  saveResponseTypeRequest,
} from './response.ts';

function issuesOf(record: unknown) {
  const result = saveCommandResponseRequest.safeParse({ record });
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.slice(1).join('.')}: ${issue.message}`);
}

const card = { title_default_value: 'Pizza', media_key: 'image' };

describe('normalizeResponseBody', () => {
  it('gives a missing record the defaults: text type, empty text, empty lists and structs', () => {
    const body = normalizeResponseBody(undefined);
    expect(body.resp_type).toBe('text');
    expect(body.resp_text).toBe('');
    expect(body.resp_quick_reply).toEqual([]);
    expect(body.resp_api_resp_struct.buttons).toEqual([]);
    expect(body.resp_api_resp_struct.title_key).toBe('');
    expect(body.resp_api_resp_data_limit).toBe(3);
    expect(body.resp_api_extra_resp).toEqual({ message: '', options: [] });
  });

  it('turns an old list api extra response into {message, options}', () => {
    const options = [{ label: 'More', value: 'more' }];
    expect(normalizeResponseBody({ resp_api_extra_resp: options }).resp_api_extra_resp).toEqual({
      message: '',
      options,
    });
    expect(normalizeResponseBody({ resp_api_extra_resp: 'junk' }).resp_api_extra_resp).toEqual({
      message: '',
      options: [],
    });
  });

  it('keeps good fields and resets only a field that no longer parses', () => {
    const body = normalizeResponseBody({ resp_text: 'Hello', resp_type: 'gone', resp_api_pars: null });
    expect(body.resp_text).toBe('Hello');
    expect(body.resp_type).toBe('text');
    expect(body.resp_api_pars).toEqual([]);
  });
});

describe('saveCommandResponseRequest', () => {
  it('accepts a plain text response', () => {
    expect(issuesOf({ resp_type: 'text', resp_text: 'Hi {{name}}' })).toEqual([]);
  });

  it('refuses a response text over 2000 characters', () => {
    expect(issuesOf({ resp_text: 'x'.repeat(2001) })).toEqual([`resp_text: ${responseMessages.textMax}`]);
  });

  it('requires the cart fields unless the action only views or completes the order', () => {
    expect(issuesOf({ resp_type: 'shopping_cart', resp_cart_action: 'insert' })).toEqual([
      `resp_menu_id: ${responseMessages.menuRequired}`,
      `resp_cart_title: ${responseMessages.cartTitleRequired}`,
      `resp_cart_quantity: ${responseMessages.cartQuantityRequired}`,
    ]);
    expect(
      issuesOf({ resp_type: 'shopping_cart', resp_cart_action: 'view_receipt', resp_menu_id: 4 }),
    ).toEqual([]);
  });

  it('checks static cards: title and media, at most 5, at most 3 buttons', () => {
    expect(issuesOf({ resp_static_cards_resp_struct: [{ title_key: 'name' }] })).toEqual([
      `resp_static_cards_resp_struct: ${responseMessages.cardsIncomplete}`,
    ]);
    expect(issuesOf({ resp_static_cards_resp_struct: Array(6).fill(card) })).toEqual([
      `resp_static_cards_resp_struct: ${responseMessages.cardsMax}`,
    ]);
    const button = { item_label_default_value: 'Buy' };
    expect(
      issuesOf({ resp_static_cards_resp_struct: [{ ...card, buttons: Array(4).fill(button) }] }),
    ).toEqual([`resp_static_cards_resp_struct: ${responseMessages.cardButtonsMax}`]);
  });

  it('refuses a location without numeric coordinates', () => {
    const issues = issuesOf({ resp_location_resp_struct: [{ title: 'Home', lng: 'east', lat: '30.1' }] });
    expect(issues).toEqual([`resp_location_resp_struct.0.lng: ${responseMessages.locationsIncomplete}`]);
    expect(
      issuesOf({ resp_location_resp_struct: [{ title: 'Home', lng: '31.2357116', lat: 30.04 }] }),
    ).toEqual([]);
  });
});

describe('parameters, extra options and the dataset limit', () => {
  const parameter = { name: 'city', var_id: 4, var_name: 'city', var_default_value: '' };

  it('needs unique parameter names, each with a variable or a default value', () => {
    expect(issuesOf({ resp_api_pars: [parameter, { ...parameter, var_id: 5 }] })).toEqual([
      `resp_api_pars: ${responseMessages.parameterNameTaken}`,
    ]);
    expect(issuesOf({ resp_user_data_pars: [{ ...parameter, var_id: null }] })).toEqual([
      `resp_user_data_pars: ${responseMessages.parameterValueRequired}`,
    ]);
    expect(issuesOf({ resp_api_pars: [{ ...parameter, var_id: null, var_default_value: 'Cairo' }] })).toEqual(
      [],
    );
  });

  it('needs extra options with a label and a value, labels unique', () => {
    const option = { label: 'More', value: 'more' };
    expect(issuesOf({ resp_menu_extra_options: [option, { ...option, value: 'again' }] })).toEqual([
      `resp_menu_extra_options: ${responseMessages.optionLabelTaken}`,
    ]);
    expect(
      issuesOf({ resp_api_extra_resp: { message: '', options: [{ label: 'More', value: ' ' }] } }),
    ).toEqual([`resp_api_extra_resp.options: ${responseMessages.optionIncomplete}`]);
  });

  it('needs a whole number as the dataset response limit', () => {
    expect(issuesOf({ resp_dataset: { ds_id: 2, resp: { limit: '2.5' } } })).toEqual([
      `resp_dataset.resp.limit: ${responseMessages.limitInteger}`,
    ]);
    expect(issuesOf({ resp_dataset: { ds_id: 2, resp: { limit: 3 } } })).toEqual([]);
  });
});

describe('saveResponseTypeRequest', () => {
  it('stores the picker names dataset and datasource as ds and data_source', () => {
    expect(saveResponseTypeRequest.parse({ resp_type: 'dataset', resp_dataset_id: 3 }).resp_type).toBe('ds');
    expect(saveResponseTypeRequest.parse({ resp_type: 'datasource', resp_data_source_id: 2 }).resp_type).toBe(
      'data_source',
    );
  });

  it('needs the matching id for dataset, datasource, shopping cart and component', () => {
    const result = saveResponseTypeRequest.safeParse({ resp_type: 'component' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(responseMessages.componentRequired);
    expect(saveResponseTypeRequest.safeParse({ resp_type: 'menu' }).success).toBe(true);
  });
});
