// Webpack loader of the locale files (src/i18n/messages/*.json): each message, an ICU
// MessageFormat string, becomes the formatjs parser's AST here at build time, so the browser
// formats it without a parser of its own (see webpack.config.js). A message that does not parse
// fails the build, naming its id.
const { parse } = require('@formatjs/icu-messageformat-parser');

module.exports = function compileLocaleMessages(source) {
  const messages = JSON.parse(source);
  const compiled = {};
  for (const [id, text] of Object.entries(messages)) {
    try {
      compiled[id] = parse(text);
    } catch (error) {
      throw new Error(`${this.resourcePath}: message ${id} does not parse: ${error.message}`);
    }
  }
  return `export default ${JSON.stringify(compiled)};`;
};
