/** The picker's nine categories of common emoji (spec §9 "Emoji categories: 9"); `id` is the translation key. */
export interface EmojiCategory {
  id: string;
  emoji: readonly string[];
}

const list = (text: string) =>
  Array.from(new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text.replaceAll(' ', ''))).map(
    (part) => part.segment,
  );

export const emojiCategories: readonly EmojiCategory[] = [
  { id: 'smileys', emoji: list('😀 😃 😄 😁 😆 😅 😂 🙂 😉 😊 😇 😍 🤩 😘 😋 😎 🤔 😐 😴 😢 😭 😡 😱 🥳') },
  {
    id: 'people',
    emoji: list('👋 👍 👎 👏 🙌 🙏 💪 👉 👈 👆 👇 ✌️ 🤝 👀 🧑 👩 👨 👶 🧑‍💻 🧑‍🍳 🧑‍🏫 🧑‍⚕️ 🙋 🤷'),
  },
  { id: 'nature', emoji: list('🐶 🐱 🐭 🐰 🦊 🐻 🐼 🐨 🦁 🐮 🐔 🐧 🐦 🐟 🐝 🦋 🌸 🌹 🌻 🌳 🌴 🌵 🍀 🌙') },
  { id: 'food', emoji: list('🍏 🍎 🍌 🍉 🍇 🍓 🍒 🍍 🥑 🥕 🌽 🍞 🧀 🍳 🍔 🍟 🍕 🌮 🍣 🍰 🍩 ☕ 🍵 🥤') },
  { id: 'travel', emoji: list('🚗 🚕 🚌 🚑 🚒 🚲 🛵 🚆 ✈️ 🚀 🛳️ ⛽ 🗺️ 🏠 🏢 🏥 🏦 🏨 🏪 🏫 🕌 ⛪ 🏖️ 🏔️') },
  {
    id: 'activities',
    emoji: list('⚽ 🏀 🏈 ⚾ 🎾 🏐 🏓 🏸 🥊 🏊 🚴 🏆 🥇 🎯 🎮 🎲 🎨 🎬 🎤 🎧 🎵 🎸 🎁 🎉'),
  },
  { id: 'objects', emoji: list('📱 💻 ⌚ 📷 📺 💡 🔋 🔌 📦 📫 📝 📅 📎 🔒 🔑 🛒 💳 💰 🧾 📊 📈 🔔 🧭 ⏰') },
  { id: 'symbols', emoji: list('❤️ 🧡 💛 💚 💙 💜 ✅ ❌ ⚠️ ❓ ❗ ➕ ➖ ➡️ ⬅️ 🔄 🔝 🆕 🆓 🆗 ⭐ 🔥 💯 ℹ️') },
  { id: 'flags', emoji: list('🏁 🚩 🏳️ 🏴 🇪🇬 🇸🇦 🇦🇪 🇯🇴 🇲🇦 🇩🇿 🇹🇳 🇱🇧 🇶🇦 🇰🇼 🇩🇪 🇦🇹 🇨🇭 🇬🇧 🇺🇸 🇫🇷 🇪🇸 🇮🇹 🇹🇷 🇪🇺') },
];
