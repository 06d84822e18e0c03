import { chatbotMessages, defaultChatbotSettings, type MenuItem } from '@hiwar/contracts';
import { describe, expect, it } from 'vitest';
import { validateChatbot } from './chatbot-values.ts';
import {
  canAddItem,
  itemTypesOfLevel,
  menuItemField,
  menuListField,
  newMenuItem,
  withType,
} from './menu-tree.ts';

const item = (changes: Partial<MenuItem>): MenuItem => ({
  ...newMenuItem(),
  title: 'Item',
  payload: 'go',
  ...changes,
});

function errorsOfMenu(items: MenuItem[]) {
  const values = defaultChatbotSettings();
  values.chatbot_persistent_menus = [
    { locale: 'default', composer_input_disabled: false, call_to_actions: items },
  ];
  return validateChatbot(values);
}

describe('persistent menu tree', () => {
  it('allows 8 items on the first level and 2 on the second and third', () => {
    expect(canAddItem(1, 7)).toBe(true);
    expect(canAddItem(1, 8)).toBe(false);
    expect(canAddItem(2, 1)).toBe(true);
    expect(canAddItem(2, 2)).toBe(false);
    expect(canAddItem(3, 2)).toBe(false);
    expect(canAddItem(4, 0)).toBe(false);
  });

  it('offers submenus on levels 1 and 2 only', () => {
    expect(itemTypesOfLevel(1)).toEqual(['nested', 'postback', 'web_url']);
    expect(itemTypesOfLevel(2)).toContain('nested');
    expect(itemTypesOfLevel(3)).toEqual(['postback', 'web_url']);
  });

  it('gives a new submenu a first child and drops the children of an item that stops being one', () => {
    const nested = withType(item({}), 'nested', 1);
    expect(nested.call_to_actions).toHaveLength(1);
    expect(withType(nested, 'web_url', 1).call_to_actions).toEqual([]);
    expect(withType(item({}), 'nested', 3).type).toBe('postback');
  });

  it('names the form fields of an item by its path', () => {
    expect(menuListField(0, [])).toBe('chatbot_persistent_menus.0.call_to_actions');
    expect(menuListField(1, [2, 0])).toBe(
      'chatbot_persistent_menus.1.call_to_actions.2.call_to_actions.0.call_to_actions',
    );
    expect(menuItemField(0, [2, 1])).toBe('chatbot_persistent_menus.0.call_to_actions.2.call_to_actions.1');
  });

  it('reports the spec messages under the item fields', () => {
    const errors = errorsOfMenu([
      item({ title: '' }),
      item({ type: 'web_url', url: 'example.com' }),
      item({ payload: ' ' }),
    ]);
    const at = 'chatbot_persistent_menus.0.call_to_actions';
    expect(errors[`${at}.0.title`]).toBe('The title field is required');
    expect(errors[`${at}.1.url`]).toBe('the url field is not a valid url');
    expect(errors[`${at}.2.payload`]).toBe('the postback field is required');
  });

  it('refuses a fourth level and more items than a level holds', () => {
    const fourth = item({ type: 'nested', call_to_actions: [item({})] });
    const third = item({ type: 'nested', call_to_actions: [fourth] });
    const second = item({ type: 'nested', call_to_actions: [third, item({}), item({})] });
    const errors = errorsOfMenu([second, ...Array.from({ length: 8 }, () => item({}))]);
    const at = 'chatbot_persistent_menus.0.call_to_actions';
    expect(errors[at]).toBe(chatbotMessages.menuLevelOneLimit);
    expect(errors[`${at}.0.call_to_actions`]).toBe(chatbotMessages.menuNestedLevelLimit);
    expect(errors[`${at}.0.call_to_actions.0.call_to_actions.0.type`]).toBe(
      chatbotMessages.menuNestedTooDeep,
    );
  });

  it('accepts a full three-level menu within the limits', () => {
    const third = item({
      type: 'nested',
      call_to_actions: [item({}), item({ type: 'web_url', url: 'https://a.example' })],
    });
    const second = item({ type: 'nested', call_to_actions: [third, item({})] });
    expect(errorsOfMenu([second, ...Array.from({ length: 7 }, () => item({}))])).toEqual({});
  });
});
