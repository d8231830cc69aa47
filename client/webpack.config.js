// Production build into dist/, served by the gateway under /learn/.
// index.html carries no inline script (the gateway's CSP is `script-src 'self'`);
// every chunk name is content-hashed, and each locale's messages are a lazy chunk.
//
// Messages are compiled at build time: the formatjs TypeScript transformer turns each
// message's English text (`defaultMessage`) into the ICU parser's AST and drops the translator
// descriptions, and `scripts/messages-loader.cjs` does the same to each locale file, so the
// browser gets no message parser (`@formatjs/icu-messageformat-parser` is its `no-parser`
// build) and English needs no file of its own.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { transform as compileMessages } from '@formatjs/ts-transformer';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { transform as transformCss } from 'lightningcss';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';

const here = path.dirname(fileURLToPath(import.meta.url));
const gateway = process.env.LP_GATEWAY_URL ?? 'http://localhost:8080';

/**
 * Writes `NAME.br` and `NAME.gz` beside every text asset of at least 1 KiB (scripts, the PDF
 * worker, styles, HTML, SVG, JSON), compressed once at build time with the strongest settings,
 * so the gateway serves them as they are (tower-http `ServeDir::precompressed_br/gzip`) instead
 * of compressing each answer. Node's own zlib: no plugin package needed.
 */
class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const [name, asset] of Object.entries(assets)) {
            if (!/\.(js|mjs|css|html|svg|json)$/.test(name)) continue;
            const buffer = asset.buffer();
            if (buffer.length < 1024) continue;
            const info = { compressed: true, immutable: compilation.getAsset(name)?.info.immutable };
            const br = brotliCompressSync(buffer, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: buffer.length },
            });
            compilation.emitAsset(`${name}.br`, new sources.RawSource(br), info);
            compilation.emitAsset(`${name}.gz`, new sources.RawSource(gzipSync(buffer, { level: 9 })), info);
          }
        },
      );
    });
  }
}

/**
 * Minifies the extracted style sheets with Lightning CSS (no browser targets: nothing is
 * rewritten, logical properties stay; only whitespace, comments and redundant syntax go).
 * Webpack minifies scripts only; a plugin of a few lines instead of a minimizer package.
 */
class MinifyCssPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('MinifyCssPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'MinifyCssPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!name.endsWith('.css')) continue;
            const { code } = transformCss({ filename: name, code: assets[name].buffer(), minify: true });
            compilation.updateAsset(name, new sources.RawSource(code));
          }
        },
      );
    });
  }
}

/**
 * Writes `chunk-groups.json`: the entry's files and those of every named chunk group (each lazy
 * route module, widget and dialog), so `scripts/bundle-budget.mjs` can add up what a page loads.
 */
class ChunkGroupsPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('ChunkGroupsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ChunkGroupsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const files = (group) =>
            [...new Set(group.chunks.flatMap((chunk) => [...chunk.files]))].filter((f) => /\.(js|css)$/.test(f));
          const groups = {};
          for (const group of compilation.chunkGroups) {
            if (group.name) groups[group.name] = { entry: group.isInitial(), files: files(group) };
          }
          const json = JSON.stringify({ publicPath: compilation.outputOptions.publicPath, groups }, null, 1);
          compilation.emitAsset('chunk-groups.json', new sources.RawSource(json));
        },
      );
    });
  }
}

export default (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    entry: './src/index.tsx',
    output: {
      // CLIENT_DIST builds elsewhere (for example a second build for browser tests).
      path: process.env.CLIENT_DIST ? path.resolve(process.env.CLIENT_DIST) : path.resolve(here, 'dist'),
      publicPath: '/learn/',
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // Every message reaches the browser compiled (see the top of this file).
      alias: {
        '@formatjs/icu-messageformat-parser$': path.resolve(
          here,
          'node_modules/@formatjs/icu-messageformat-parser/lib/no-parser.js',
        ),
      },
    },
    // Production maps carry no `sourceMappingURL` comment: browsers never ask for them, and the
    // gateway serves `*.map` only with `client_source_maps = true`.
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'ts-loader',
            options: {
              transpileOnly: true,
              getCustomTransformers: () => ({ before: [compileMessages({ ast: true })] }),
            },
          },
        },
        {
          // A locale's messages, compiled to the AST at build time.
          test: /[\\/]src[\\/]i18n[\\/]messages[\\/][^\\/]+\.json$/,
          type: 'javascript/auto',
          use: path.resolve(here, 'scripts/messages-loader.cjs'),
        },
        {
          test: /\.css$/,
          use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
        },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: './src/index.html', scriptLoading: 'defer' }),
      ...(production
        ? [
            new MiniCssExtractPlugin({
              filename: 'assets/[name].[contenthash:10].css',
              chunkFilename: 'assets/[name].[contenthash:10].css',
            }),
            new MinifyCssPlugin(),
            new PrecompressPlugin(),
          ]
        : []),
      new ChunkGroupsPlugin(),
    ],
    optimization: { moduleIds: 'deterministic', runtimeChunk: 'single', splitChunks: { chunks: 'all' } },
    performance: { hints: false },
    devServer: {
      port: 3000,
      historyApiFallback: { index: '/learn/index.html' },
      devMiddleware: { publicPath: '/learn/' },
      proxy: [{ context: ['/api', '/oidc', '/config-ui'], target: gateway, changeOrigin: false }],
    },
  };
};
