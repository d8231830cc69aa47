// Production build into dist/, served by the gateway under /learn/.
// index.html carries no inline script (the gateway's CSP is `script-src 'self'`);
// every chunk name is content-hashed, and each locale's messages are a lazy chunk.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';

const here = path.dirname(fileURLToPath(import.meta.url));
const gateway = process.env.LP_GATEWAY_URL ?? 'http://localhost:8080';

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
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
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
          })]
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
