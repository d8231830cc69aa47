// Production build into dist/, served by the gateway under /learn/.
// index.html carries no inline script (the gateway's CSP is `script-src 'self'`);
// every chunk name is content-hashed, and each locale's messages are a lazy chunk.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import HtmlWebpackPlugin from 'html-webpack-plugin';
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
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    // Production maps carry no `sourceMappingURL` comment: browsers never ask for them, and the
    // gateway serves `*.map` only with `client_source_maps = true`.
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'ts-loader', options: { transpileOnly: true } },
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
        ? [new MiniCssExtractPlugin({
            filename: 'assets/[name].[contenthash:10].css',
            chunkFilename: 'assets/[name].[contenthash:10].css',
          }), new PrecompressPlugin()]
        : []),
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
