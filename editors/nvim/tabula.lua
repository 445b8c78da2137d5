-- Tabula game files in Neovim (0.7 or later, using its built-in LSP client):
-- `*.game` files get the filetype `tabula`, and each is attached to one `tabula lsp` server.
--
--   require("tabula").setup()                       -- with editors/nvim on 'runtimepath' ...
--   dofile("/path/to/editors/nvim/tabula.lua").setup({ cmd = { "/path/to/tabula", "lsp" } })
--
-- Only APIs present since 0.7 are used (vim.lsp.start_client, buf_attach_client), so that
-- Debian's packaged Neovim runs it.
local M = {}

function M.setup(opts)
  opts = opts or {}
  local cmd = opts.cmd or { "tabula", "lsp" }
  local group = vim.api.nvim_create_augroup("tabula", { clear = true })
  vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, {
    group = group,
    pattern = "*.game",
    callback = function()
      vim.bo.filetype = "tabula"
      vim.bo.commentstring = "; %s"
    end,
  })
  vim.api.nvim_create_autocmd("FileType", {
    group = group,
    pattern = "tabula",
    callback = function(args)
      if not (M.client_id and vim.lsp.get_client_by_id(M.client_id)) then
        M.client_id = vim.lsp.start_client({
          name = "tabula",
          cmd = cmd,
          root_dir = vim.fn.getcwd(),
        })
      end
      if M.client_id then
        vim.lsp.buf_attach_client(args.buf, M.client_id)
      end
    end,
  })
end

return M
